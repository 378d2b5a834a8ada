import type { Bus } from '@wager/domain';

/**
 * One value per bus, made on first use: a process cache that the bus keeps true (it subscribes
 * to what drops its entries when it is made). Every app has its own bus, so two apps in one
 * process (tests) never share a cache, and each process of a deployment has its own, dropped by
 * what the bus carries to every process.
 */
export function perBus<T>(make: (bus: Bus) => T): (bus: Bus) => T {
  const made = new WeakMap<Bus, T>();
  return (bus) => {
    let value = made.get(bus);
    if (value === undefined) made.set(bus, (value = make(bus)));
    return value;
  };
}
