// A fake clock for the JavaScript units: timers that fire only when the test advances
// time, so a 300 ms debounce takes no real time and its timing is exact.

/** Let every pending promise chain settle (one real macrotask drains the microtasks). */
export const settle = () => new Promise((ok) => setImmediate(ok));

export function fakeClock() {
  let time = 0;
  let nextId = 1;
  const due = new Map(); // id -> {id, at, fn}
  const timers = {
    setTimeout(fn, ms) {
      const id = nextId++;
      due.set(id, { id, at: time + Math.max(0, Number(ms) || 0), fn });
      return id;
    },
    clearTimeout(id) {
      due.delete(id);
    },
  };
  const earliest = (until) => {
    let next = null;
    for (const t of due.values()) {
      if (t.at > until) continue;
      if (!next || t.at < next.at || (t.at === next.at && t.id < next.id)) next = t;
    }
    return next;
  };
  /** Move time forward by `ms`, firing each timer at its own time, in order. */
  async function advance(ms) {
    const end = time + ms;
    for (;;) {
      await settle();
      const next = earliest(end);
      if (!next) break;
      due.delete(next.id);
      time = next.at;
      next.fn();
    }
    time = end;
    await settle();
  }
  return {
    timers,
    now: () => time,
    advance,
    sleep: (ms) => new Promise((ok) => timers.setTimeout(ok, ms)),
    pending: () => due.size,
  };
}
