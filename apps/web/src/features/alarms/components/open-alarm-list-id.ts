/** The open alarms' table or cards: the focus goes to the list when no alarm is left to acknowledge (acknowledge-alarms.tsx). */
export const openAlarmListId = 'open-alarm-list';
