// The vector-context controller and the React hook on a fake clock, in Node: no browser,
// no Pyodide, no sleeping. (Real timers in every engine: tests/engines/test_promises.py,
// "ten keystrokes 50 ms apart make one lookup 300 ms after the last".)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { makeUseVectorContext } from '../../../web/js/react.mjs';
import { createVectorContext } from '../../../web/js/vector-context.mjs';
import { fakeClock, settle } from './fake_clock.mjs';

/** A memory whose prompt blocks answer after `delays[query]` ms (10 by default). */
function fakeMemory(clock, { delays = {}, initMs = 0 } = {}) {
  const calls = [];
  const memory = {
    userProfile: {
      initialize: () => clock.sleep(initMs),
      formatContext: (query, o) => {
        calls.push({ query, maxTokens: o.maxTokens, at: clock.now() });
        return clock.sleep(delays[query] ?? 10).then(() => `user:${query}`);
      },
    },
    projects: {
      getProjectByChat: async (chatId) => ({ 'chat-a': 'alpha', 'chat-b': 'beta' })[chatId] ?? null,
      formatContext: (projectId, query, o) =>
        clock.sleep(delays[query] ?? 10).then(() => `${projectId}:${query}:${o.maxTokens}`),
    },
  };
  return { memory, calls };
}

test('ten keystrokes 50 ms apart make one lookup 300 ms after the last, within the budgets', async () => {
  const clock = fakeClock();
  const { memory, calls } = fakeMemory(clock);
  const ctx = createVectorContext({ memory, chatId: 'chat-a', timers: clock.timers, now: clock.now });
  const mounting = ctx.mount();
  await clock.advance(0);
  await mounting;
  let last = 0;
  for (const ch of 'abcdefghij') {
    ctx.setMessage(ctx.getState().message + ch);
    last = clock.now();
    await clock.advance(50);
  }
  assert.equal(calls.length, 0); // still typing: nothing looked up
  await clock.advance(600);
  assert.equal(calls.length, 1);
  assert.equal(calls[0].query, 'abcdefghij');
  assert.equal(calls[0].maxTokens, 500);
  assert.equal(calls[0].at - last, 300);
  assert.equal(ctx.getState().projectContext, 'alpha:abcdefghij:1000');
  assert.equal(ctx.getState().lastLookup.ms, 10);
  assert.deepEqual(ctx.requestBody(), {
    userContext: 'user:abcdefghij',
    projectContext: 'alpha:abcdefghij:1000',
  });
  ctx.destroy();
  assert.equal(clock.pending(), 0); // destroy leaves no timer behind
});

test('a slow stale lookup never overwrites a newer one', async () => {
  const clock = fakeClock();
  const { memory, calls } = fakeMemory(clock, { delays: { slow: 1000, fast: 20 } });
  const ctx = createVectorContext({ memory, timers: clock.timers, now: clock.now });
  const seen = [];
  ctx.subscribe((s) => seen.push(s.userContext));
  const mounting = ctx.mount();
  await clock.advance(0);
  await mounting;
  ctx.setMessage('slow');
  await clock.advance(400); // the slow lookup has started (at 300)
  ctx.setMessage('fast');
  await clock.advance(450); // the fast one has answered
  const newer = ctx.getState().userContext;
  await clock.advance(900); // the slow one has answered too, late
  const final = ctx.getState();
  assert.deepEqual(
    calls.map((c) => c.query),
    ['slow', 'fast'],
  );
  assert.equal(newer, 'user:fast');
  assert.equal(final.userContext, 'user:fast');
  assert.equal(final.dropped, 1);
  assert.ok(!seen.includes('user:slow'));
});

test('isReady after initialisation; a chat switch switches the project and looks up at once', async () => {
  const clock = fakeClock();
  const { memory } = fakeMemory(clock, { initMs: 300 });
  const ctx = createVectorContext({ memory, chatId: 'chat-a', timers: clock.timers, now: clock.now });
  const mounting = ctx.mount();
  await clock.advance(100);
  const early = ctx.getState().isReady;
  await clock.advance(200);
  await mounting;
  const ready = ctx.getState();
  ctx.setMessage('login');
  await clock.advance(400);
  const inA = ctx.getState();
  const switching = ctx.setChatId('chat-b');
  await clock.advance(100);
  await switching;
  const inB = ctx.getState();
  const leaving = ctx.setChatId('chat-none');
  await clock.advance(0);
  await leaving;
  const inNone = ctx.getState();
  assert.equal(early, false);
  assert.equal(ready.isReady, true);
  assert.equal(ready.projectId, 'alpha');
  assert.equal(inA.projectContext, 'alpha:login:1000');
  assert.equal(inB.projectId, 'beta');
  assert.equal(inB.projectContext, 'beta:login:1000'); // looked up again at once
  assert.equal(inNone.projectId, null);
  assert.equal(inNone.projectContext, '');
});

test('the React hook over a tiny fake React', async () => {
  const clock = fakeClock();
  const { memory } = fakeMemory(clock);
  // A fake React: one component, effects run after each render when deps change.
  const slots = [];
  let cursor = 0;
  let rerender = null;
  const effects = [];
  const React = {
    useState(init) {
      const i = cursor++;
      if (!(i in slots)) slots[i] = typeof init === 'function' ? init() : init;
      return [
        slots[i],
        (v) => {
          slots[i] = v;
          queueMicrotask(() => rerender());
        },
      ];
    },
    useRef(init) {
      const i = cursor++;
      if (!(i in slots)) slots[i] = { current: init };
      return slots[i];
    },
    useEffect(fn, deps) {
      const i = cursor++;
      const old = slots[i];
      if (!old || deps.some((d, k) => d !== old.deps[k])) {
        effects.push(() => {
          old?.cleanup?.();
          slots[i] = { deps, cleanup: fn() };
        });
      }
    },
  };
  const useVectorContext = makeUseVectorContext(React);
  let props = { memory, chatId: 'chat-a', message: '', timers: clock.timers, now: clock.now };
  let out = null;
  rerender = () => {
    cursor = 0;
    out = useVectorContext(props);
    effects.splice(0).forEach((run) => run());
  };
  rerender();
  await clock.advance(50);
  const mounted = out;
  props = { ...props, message: 'react hooks' };
  rerender();
  await clock.advance(450);
  const looked = out;
  props = { ...props, chatId: 'chat-b' };
  rerender();
  await clock.advance(100);
  await settle();
  assert.equal(mounted.isReady, true);
  assert.equal(mounted.projectId, 'alpha');
  assert.equal(looked.userContext, 'user:react hooks');
  assert.equal(looked.projectContext, 'alpha:react hooks:1000');
  assert.equal(out.projectId, 'beta');
});
