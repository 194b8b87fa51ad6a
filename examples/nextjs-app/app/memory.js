'use client';
// The example app (the same as the other bundlers' examples, as a React component): start
// the memory from the copied assets, remember one fact, show the prompt block a chat
// request would carry. The memory is created in an effect: it never runs on the server.
import { useEffect, useState } from 'react';

export default function Memory() {
  const [state, setState] = useState({ name: 'booting', text: 'starting ...' });
  const [block, setBlock] = useState(null);

  useEffect(() => {
    let memory = null;
    let cancelled = false;
    (async () => {
      // Imported here, not at the top: the package touches Worker and IndexedDB.
      const { createMemory, AmplifyError } = await import('amplify-memory');
      const { createVectorContext } = await import('amplify-memory/vector-context');
      const { buildChatRequest } = await import('amplify-memory/adapter');
      try {
        memory = await createMemory({
          assetBase: '/amplify-memory/',
          onStep: (step) => !cancelled && setState({ name: 'booting', text: `starting: ${step}` }),
        });
        if (cancelled) return;
        const ctx = createVectorContext({ memory });
        await ctx.mount();
        setState({ name: 'ready', text: `ready: amplify_memory ${memory.version} in ${memory.bootMs} ms` });
        await memory.userProfile.add('User prefers TypeScript over JavaScript', 'preference');
        ctx.setMessage('TypeScript or JavaScript for the example?');
        await ctx.lookupNow();
        const request = buildChatRequest({
          messages: [{ role: 'user', content: 'TypeScript or JavaScript for the example?' }],
          ...ctx.requestBody(),
        });
        const system = request.messages.find((m) => m.role === 'system');
        setBlock(system?.content ?? '(no memory context)');
        window.exampleMemory = memory;
      } catch (err) {
        setState({ name: 'error', text: err instanceof AmplifyError ? `${err.code}: ${err.message}` : String(err) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    document.body.dataset.state = state.name;
    if (block !== null) document.body.dataset.block = 'shown';
  }, [state, block]);

  return (
    <>
      <p id="status">{state.text}</p>
      <pre id="block">{block ?? ''}</pre>
    </>
  );
}
