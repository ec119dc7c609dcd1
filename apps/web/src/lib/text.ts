// Text from the server shown in narrow cells and cards.

/**
 * A number and its unit on one line ("45 °C", "20 %", "10 s"): a unit wrapped alone onto the next line reads as a
 * value gone missing. The space becomes a no-break space; what the text says does not change.
 */
export const keepUnitsWithNumbers = (text: string): string => text.replace(/(\d) (°C|%|s\b)/g, '$1\u00a0$2');
