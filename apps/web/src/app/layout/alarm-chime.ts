// The optional chime for a new unacknowledged Critical alarm (docs/alarms.md): off by default, kept
// per browser in localStorage; a short two-tone beep made with Web Audio (no sound file to load).
const storageKey = 'bpm.alarmChime';
type Listener = () => void;
const listeners = new Set<Listener>();

export function isChimeOn(): boolean {
  try {
    return localStorage.getItem(storageKey) === 'on';
  } catch {
    return false;
  }
}

export function setChimeOn(on: boolean): void {
  try {
    localStorage.setItem(storageKey, on ? 'on' : 'off');
  } catch {
    // storage refused (private mode): the toggle lasts for this page only
  }
  for (const listener of listeners) listener();
}

export function subscribeChime(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let context: AudioContext | undefined;

export function playChime(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    [880, 660].forEach((frequency, i) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, start + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.18 + 0.16);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(start + i * 0.18);
      oscillator.stop(start + i * 0.18 + 0.17);
    });
  } catch {
    // no audio available: the count in the top bar still says it
  }
}
