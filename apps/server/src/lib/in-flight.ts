/** A call for `key` while another is under way shares its promise; the entry goes when it settles. */
export function joinInFlight<T>(under: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
  const running = under.get(key);
  if (running) return running;
  const started = start().finally(() => under.delete(key));
  under.set(key, started);
  return started;
}
