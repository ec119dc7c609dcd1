// Shared by the notification crash, failover and benchmark runs (docs/notifications.md "Delivery"): a probe
// report that raises a Critical alarm (60 °C at Busbar welding), and polling until the API shows a state.
export const criticalReport = (probeID: string) => ({
  probeID,
  readings: [
    { origin: 'CAN', temperature: 60, valid: true },
    { origin: 'Thermocouple', temperature: 60, valid: true },
  ],
  batteryPercentage: 80,
  assignment: {
    buildStage: { id: 3, name: 'Busbar welding' },
    agv: { id: 1, name: 'AGV-1' },
    batteryPack: { id: 9, name: 'Pack 9' },
  },
});

/** Reads every 100 ms until `done` holds; the test's own timeout bounds it. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
