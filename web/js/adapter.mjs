// Where a model API plugs in. An adapter is `async ({messages, userContext, projectContext})
// => reply text`. The demo uses the scripted one (no LLM needed); createFetchAdapter shows
// the request a real chat endpoint gets, with the memory context in its body, as
// useChat({ body: { userContext, projectContext } }) sends it in the original design.

/** The JSON body of a chat request: the messages plus the memory context. */
export function buildChatRequest({ messages, userContext = '', projectContext = '', model }) {
  const body = {
    messages: messages.map(({ role, text }) => ({ role, content: text })),
    userContext,
    projectContext,
  };
  if (model) body.model = model;
  return body;
}

/**
 * An adapter for a chat endpoint of your own (a server route that adds the system prompt
 * and calls the model; never put an API key in the page). It POSTs buildChatRequest(...)
 * and reads `{reply}` or `{content}` from the JSON answer.
 */
export function createFetchAdapter({ url, model, headers = {}, fetchImpl = globalThis.fetch }) {
  if (!url) throw new TypeError('createFetchAdapter needs the url of your chat endpoint');
  return async (request) => {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(buildChatRequest({ ...request, model })),
    });
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    const data = await response.json();
    return String(data.reply ?? data.content ?? '');
  };
}

const firstLines = (text, n) =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, n);

/**
 * The demo's built-in responder: replies from the memory context it is given, so that what
 * the memory found is visible in the conversation. `remembered` lists facts stored from
 * the last user message.
 */
export function createScriptedAdapter() {
  return async ({ messages, userContext = '', projectContext = '', remembered = [] }) => {
    const last = messages.filter((m) => m.role === 'user').at(-1)?.text ?? '';
    const parts = [];
    if (remembered.length) {
      parts.push(`Noted, I will remember: ${remembered.join('; ')}.`);
    }
    const user = firstLines(userContext, 3);
    const project = firstLines(projectContext, 3);
    if (user.length) parts.push(`What I know about you that fits "${last}":\n${user.join('\n')}`);
    if (project.length) parts.push(`From this project's context:\n${project.join('\n')}`);
    if (!parts.length) {
      parts.push(
        'I have nothing in memory about that yet. Tell me about yourself ("I prefer ' +
          'TypeScript", "I use React") or the project ("We decided to use JWT").',
      );
    }
    return parts.join('\n\n');
  };
}
