// Which API routes run on the engine instance in cluster mode (docs/deployment.md (Cluster mode)): those
// that feed the engine or read or change what only the engine holds in memory. Every other instance
// forwards them through Redis and answers with the engine's answer.
//   /api/probes…        ingest, the probe list, assignments, deletion (the probe registry and watchdogs),
//                       and a probe's history (the history writer's minutes not yet stored)
//   /api/system/config  thresholds (a change re-evaluates every probe)
//   /api/alarms…        the alarm tracker, acknowledgement and shelving, the journal writer
//   /api/packs…         pack traceability (the history writer's open carriages)
const engineRoutePatterns = [/^\/api\/probes(\/|$)/, /^\/api\/system\/config$/, /^\/api\/alarms(\/|\.|$)/, /^\/api\/packs(\/|$)/];

/** `routeUrl` is the route's pattern as Fastify declares it (e.g. "/api/probes/:id"). */
export function runsOnEngine(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && engineRoutePatterns.some((pattern) => pattern.test(routeUrl));
}
