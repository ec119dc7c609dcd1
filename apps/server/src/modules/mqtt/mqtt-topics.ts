// BPM's MQTT topics and what a publish on them must be (docs/mqtt.md (Topics)), for the embedded broker and
// for cluster mode's plant broker alike. The reports themselves are validated by the HTTP ingest's function.
import type { ErrorDetail } from '@bpm/protocol';
import { AppError, BadRequestError } from '../../errors.js';

export const topicPrefix = 'bpm/v1/';
export const reportsTopic = 'bpm/v1/reports';
export const alarmsTopic = 'bpm/v1/alarms';
export const errorsTopic = (clientId: string): string => `bpm/v1/clients/${clientId}/errors`;
/** What cluster mode subscribes to: one instance of the group gets each message (MQTT 5 shared subscription). */
export const sharedSubscription = '$share/bpm/bpm/v1/#';
const probeReportTopic = /^bpm\/v1\/probes\/([^/]+)\/report$/;

/** A payload over this is refused (docs/mqtt.md (Bad input)). */
export const maxPayloadBytes = 1024 * 1024;

/** The error a client finds on its errors topic. */
export interface MqttError {
  topic: string;
  error: string;
  details: ErrorDetail[];
}

export function mqttError(topic: string, error: unknown): MqttError {
  if (error instanceof AppError) return { topic, error: error.message, details: error.details ?? [] };
  return { topic, error: error instanceof Error ? error.message : String(error), details: [] };
}

/** Is this a topic reports are published to? */
export function isReportTopic(topic: string): boolean {
  return topic === reportsTopic || probeReportTopic.test(topic);
}

/** The refusal of a publish that cannot carry reports, whatever its payload; undefined when it may. */
export function publishRefusal(packet: {
  topic: string;
  qos: number;
  retain: boolean;
  payload: Buffer | string;
}): string | undefined {
  if (!isReportTopic(packet.topic))
    return `Publishing to ${packet.topic} is not allowed: send reports to bpm/v1/probes/{probeID}/report or bpm/v1/reports`;
  if (packet.qos === 2) return 'QoS 2 is not accepted: publish reports with QoS 0 or 1';
  if (packet.retain) return 'Retained reports are not accepted: publish without the retain flag';
  if (packet.payload.length > maxPayloadBytes)
    return `The payload is ${packet.payload.length} bytes: at most ${maxPayloadBytes} (1 MiB) are accepted`;
  return undefined;
}

/**
 * The parsed payload of a report topic: one report on bpm/v1/probes/{probeID}/report (whose probeID must be the
 * topic's), one report or an array of up to 1,000 on bpm/v1/reports. Throws BadRequestError with the reason.
 */
export function reportsPayload(topic: string, payload: Buffer | string): unknown {
  let data: unknown;
  try {
    data = JSON.parse(payload.toString());
  } catch {
    throw new BadRequestError('The payload is not valid JSON');
  }
  const probeID = probeReportTopic.exec(topic)?.[1];
  if (probeID === undefined) return data;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new BadRequestError(`${topic} takes one report (a JSON object): publish batches to ${reportsTopic}`);
  const given = (data as { probeID?: unknown }).probeID;
  if (given !== probeID) {
    const message = `The topic's probeID "${probeID}" differs from the payload's probeID ${JSON.stringify(given ?? null)}`;
    throw new BadRequestError(message, [{ path: 'probeID', message }]);
  }
  return data;
}
