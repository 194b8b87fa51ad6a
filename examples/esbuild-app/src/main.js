// The example app (the same for every bundler): start the memory from the copied assets,
// remember one fact, show the prompt block a chat request would carry.
import { createMemory, AmplifyError } from 'amplify-memory';
import { createVectorContext } from 'amplify-memory/vector-context';
import { buildChatRequest } from 'amplify-memory/adapter';

const status = document.getElementById('status');
const show = (state, text) => {
  status.textContent = text;
  document.body.dataset.state = state;
};

try {
  const memory = await createMemory({
    assetBase: '/amplify-memory/',
    onStep: (step) => show('booting', `starting: ${step}`),
  });
  const ctx = createVectorContext({ memory });
  await ctx.mount();
  show('ready', `ready: amplify_memory ${memory.version} in ${memory.bootMs} ms`);
  await memory.userProfile.add('User prefers TypeScript over JavaScript', 'preference');
  ctx.setMessage('TypeScript or JavaScript for the example?');
  await ctx.lookupNow();
  const request = buildChatRequest({
    messages: [{ role: 'user', content: 'TypeScript or JavaScript for the example?' }],
    ...ctx.requestBody(),
  });
  const system = request.messages.find((m) => m.role === 'system');
  document.getElementById('block').textContent = system?.content ?? '(no memory context)';
  document.body.dataset.block = 'shown';
  window.exampleMemory = memory;
} catch (err) {
  show('error', err instanceof AmplifyError ? `${err.code}: ${err.message}` : String(err));
}
