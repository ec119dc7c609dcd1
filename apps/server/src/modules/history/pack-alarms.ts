// The alarms a pack's carriage shows (docs/history.md "Pack traceability"). The alarms module lands on
// another branch; until it is wired here, a carriage lists no alarms. Wire it by answering the ids of
// the alarms raised on `probeID` between fromMs (inclusive) and toMs (exclusive), e.g. from the alarms
// module's service.
export async function carriageAlarmIds(_probeID: string, _fromMs: number, _toMs: number): Promise<number[]> {
  return [];
}
