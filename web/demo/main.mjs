// The demo page: a small chat whose memory runs in a Web Worker (createMemory), with the
// live vector context, a memory inspector and the persistence state.
//
// Every piece of memory text reaches the page through textContent (the el() helper):
// never as HTML.
import { browserSupport, createMemory } from '../js/memory.mjs';
import { createVectorContext } from '../js/vector-context.mjs';
import { buildRouteRequest, createScriptedAdapter } from '../js/adapter.mjs';
import { demoOptions } from './early.mjs';

/** Facts are read from messages of at most this many characters (MAX_MESSAGE_LENGTH). */
const MAX_MESSAGE_CHARS = 20_000;

const $ = (id) => document.getElementById(id);
const statusEl = $('status');
const stepsEl = $('steps');
const errorEl = $('error');

/** An element with attributes/properties and children; strings become text nodes. */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'text') node.textContent = String(value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const clock = (ms) => new Date(performance.timeOrigin + ms).toLocaleTimeString([], {
  hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3,
}); // prettier-ignore
const bytes = (n) =>
  n >= 1 << 30 ? `${(n / (1 << 30)).toFixed(1)} GiB`
  : n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(1)} MiB`
  : n >= 1 << 10 ? `${(n / (1 << 10)).toFixed(1)} KiB` : `${n} B`; // prettier-ignore

function showStep(name, detail) {
  stepsEl.append(el('li', { dataset: { step: name } }, detail));
}

function showBootError(err) {
  statusEl.dataset.state = 'error';
  statusEl.textContent = 'Failed to start';
  errorEl.hidden = false;
  errorEl.textContent = String(err?.message ?? err);
  document.documentElement.dataset.ready = 'error';
}

// ------------------------------------------------------------------ chats (demo state)

const CHATS_KEY = 'amplify-demo/chats';
const CURRENT_KEY = 'amplify-demo/current-chat';

function loadChats() {
  try {
    const chats = JSON.parse(localStorage.getItem(CHATS_KEY) ?? 'null');
    if (Array.isArray(chats) && chats.length) return chats;
  } catch {
    // start over
  }
  return [{ id: 'chat-1', title: 'First chat', messages: [] }];
}

function saveChats(chats) {
  localStorage.setItem(CHATS_KEY, JSON.stringify(chats));
}

// ------------------------------------------------------------------ the app

class DemoApp {
  constructor(memory) {
    this.memory = memory;
    this.chats = loadChats();
    const saved = localStorage.getItem(CURRENT_KEY);
    this.chatId = this.chats.some((c) => c.id === saved) ? saved : this.chats[0].id;
    this.projects = [];
    this.respond = createScriptedAdapter();
    this.controller = createVectorContext({ memory, chatId: this.chatId });
    this.controller.subscribe((state) => {
      if (state.isReady && !performance.getEntriesByName('amplify:isReady').length) {
        performance.mark('amplify:isReady'); // page open -> isReady (bench/page_browser.py)
      }
      this.renderContext(state);
    });
    this.inspected = 'userProfile';
    this.lastWriteFailure = null;
    this.suspended = false;
  }

  get chat() {
    return this.chats.find((c) => c.id === this.chatId);
  }

  async start() {
    $('app').hidden = false;
    this.bind();
    this.renderChat();
    this.renderContext(this.controller.getState());
    this.mounted = this.controller.mount();
    await this.mounted;
    await this.refreshProjects();
    await Promise.all([this.refreshInspector(), this.refreshPersistence()]);
    this.memory.onChange(() => this.scheduleRefresh());
    this.statusTimer = setInterval(() => this.refreshPersistence(), 2000);
  }

  bind() {
    const input = $('message');
    input.addEventListener('input', () => this.controller.setMessage(input.value));
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        $('composer').requestSubmit();
      }
    });
    $('composer').addEventListener('submit', (event) => {
      event.preventDefault();
      this.send(input.value);
    });
    $('new-chat').addEventListener('click', () => this.newChat());
    $('project-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.newProject($('project-name').value);
    });
    $('chat-project').addEventListener('change', (event) => this.moveChat(event.target.value));
    $('sample').addEventListener('click', () => this.addSamples());
    $('inspect-store').addEventListener('change', (event) => {
      this.inspected = event.target.value;
      this.refreshInspector();
    });
    $('inspect-query').addEventListener('input', () => this.refreshInspector());
    $('inspect-superseded').addEventListener('change', () => this.refreshInspector());
    $('forget-all').addEventListener('click', () => this.forgetAll());
    $('export').addEventListener('click', () => this.exportStore());
    $('import').addEventListener('click', () => this.importStore());
    $('estimate').addEventListener('click', () => this.refreshPersistence(true));
    $('persist').addEventListener('click', () => this.requestPersist());
  }

  report(err) {
    const box = $('app-error');
    box.hidden = false;
    // e.g. "SECRET_CONTENT (SecretContentError): ...": the stable code and the Python type.
    const kind = err?.code ? `${err.code} (${err.pythonType ?? err.name})` : (err?.name ?? 'Error');
    box.textContent = `${kind}: ${err?.message ?? err}`;
    console.error(err);
  }

  // -- chats and projects

  renderChat() {
    const chat = this.chat;
    $('chat-title').textContent = chat.title;
    const list = $('messages');
    list.replaceChildren(
      ...chat.messages.map((m) =>
        el(
          'li',
          { class: `msg ${m.role}`, dataset: { role: m.role } },
          el('div', { class: 'who' }, m.role === 'user' ? 'You' : 'Assistant'),
          el('div', { class: 'text' }, m.text),
          m.remembered?.length
            ? el('div', { class: 'remembered' }, `✓ remembered: ${m.remembered.join(' · ')}`)
            : null,
        ),
      ),
    );
    if (!chat.messages.length) {
      list.append(
        el('li', { class: 'empty' }, 'No messages yet. Tell the assistant something about ' +
          'yourself, e.g. "I prefer TypeScript and I use React".'),
      ); // prettier-ignore
    }
    list.scrollTop = list.scrollHeight;
    $('chats').replaceChildren(
      ...this.chats.map((c) =>
        el(
          'li',
          {},
          el(
            'button',
            {
              type: 'button',
              class: c.id === this.chatId ? 'chat current' : 'chat',
              dataset: { chatId: c.id },
              'aria-current': c.id === this.chatId ? 'true' : null,
              onclick: () => this.switchChat(c.id),
            },
            c.title,
            el('small', {}, c.projectId ? ` · ${c.projectId}` : ''),
          ),
        ),
      ),
    );
  }

  async refreshProjects() {
    if (this.suspended) return;
    this.projects = await this.memory.projects.listProjects();
    const select = $('chat-project');
    const current = this.controller.getState().projectId ?? '';
    select.replaceChildren(
      el('option', { value: '' }, '(no project)'),
      ...this.projects.map((p) => el('option', { value: p.projectId }, p.name || p.projectId)),
    );
    select.value = current;
    $('projects').replaceChildren(
      ...this.projects.map((p) =>
        el('li', { dataset: { projectId: p.projectId } }, el('strong', {}, p.name || p.projectId),
          ` ${p.chats} chat${p.chats === 1 ? '' : 's'}`),
      ), // prettier-ignore
    );
    if (!this.projects.length) $('projects').append(el('li', { class: 'empty' }, 'none yet'));
    const inspect = $('inspect-store');
    const chosen = this.inspected;
    inspect.replaceChildren(
      el('option', { value: 'userProfile' }, 'User profile'),
      ...this.projects.map((p) => el('option', { value: `project:${p.projectId}` },
        `Project: ${p.name || p.projectId}`)), // prettier-ignore
    );
    inspect.value = [...inspect.options].some((o) => o.value === chosen) ? chosen : 'userProfile';
    this.inspected = inspect.value;
  }

  async switchChat(chatId) {
    this.chatId = chatId;
    localStorage.setItem(CURRENT_KEY, chatId);
    this.renderChat();
    await this.controller.setChatId(chatId);
    $('chat-project').value = this.controller.getState().projectId ?? '';
  }

  async newChat() {
    const n = this.chats.length + 1;
    let id = `chat-${n}`;
    while (this.chats.some((c) => c.id === id)) id = `${id}x`;
    const projectId = this.controller.getState().projectId;
    this.chats.push({ id, title: `Chat ${n}`, messages: [], projectId });
    saveChats(this.chats);
    if (projectId) await this.memory.projects.assignChat(id, projectId);
    await this.switchChat(id);
    await this.refreshProjects();
  }

  async newProject(name) {
    const shown = name.trim();
    if (!shown) return;
    const projectId = shown.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
    try {
      await this.memory.projects.addProject(projectId || 'project', shown);
      $('project-name').value = '';
      await this.refreshProjects();
      await this.moveChat(projectId);
    } catch (err) {
      this.report(err);
    }
  }

  async moveChat(projectId) {
    try {
      if (projectId) await this.memory.projects.assignChat(this.chatId, projectId);
      else await this.memory.projects.unassignChat(this.chatId);
      this.chat.projectId = projectId || null;
      saveChats(this.chats);
      await this.controller.refreshProject();
      await this.refreshProjects();
      this.renderChat();
    } catch (err) {
      this.report(err);
    }
  }

  async addSamples() {
    const m = this.memory;
    try {
      await m.userProfile.add('User prefers TypeScript over JavaScript', 'preference');
      await m.userProfile.add('User uses 2-space indentation', 'coding_style');
      await m.userProfile.add('User likes concise answers with code examples', 'communication');
      await m.projects.addProject('shop', 'Shop');
      await m.projects.add('shop', 'Must support OAuth login with Google', 'requirement');
      await m.projects.add('shop', 'Decided to keep sessions in httpOnly cookies', 'decision', {
        files: ['src/auth.ts'],
      });
      await m.projects.addProject('blog', 'Blog');
      await m.projects.add('blog', 'Posts are written in MDX', 'decision');
      if (!this.chats.some((c) => c.id === 'shop-chat')) {
        this.chats.push({ id: 'shop-chat', title: 'Shop: login', messages: [], projectId: 'shop' });
        this.chats.push({ id: 'blog-chat', title: 'Blog: posts', messages: [], projectId: 'blog' });
        saveChats(this.chats);
      }
      await m.projects.assignChat('shop-chat', 'shop');
      await m.projects.assignChat('blog-chat', 'blog');
      await this.refreshProjects();
      this.renderChat();
    } catch (err) {
      this.report(err);
    }
  }

  // -- sending a message

  async send(text) {
    const message = text.trim();
    if (!message) return;
    const chat = this.chat;
    const input = $('message');
    input.value = '';
    const userMessage = { role: 'user', text: message, remembered: [] };
    chat.messages.push(userMessage);
    this.renderChat();
    try {
      const { projectId } = this.controller.getState();
      // One call: facts about the user go to the profile, what is said about the
      // project (in a project's chat) to that project's store.
      // Facts are read from messages of at most MAX_MESSAGE_CHARS (MAX_MESSAGE_LENGTH in
      // Python); a longer one (pasted text) is answered but not read for facts.
      const outcomes =
        message.length > MAX_MESSAGE_CHARS
          ? []
          : await this.memory.extract.userFacts(message, null, {
              ...(projectId ? { projectId, sourceChatId: chat.id } : {}),
            });
      const stored = outcomes.map((o) =>
        o.store === 'project' ? `[${o.entry.type}] ${o.entry.content}` : o.entry.content,
      );
      userMessage.remembered = stored;
      if (outcomes.length) this.flashExtraction(outcomes, projectId);
      // The context for this message, at once (no debounce when sending).
      this.controller.setMessage(message);
      await this.controller.lookupNow();
      const { userContext, projectContext } = this.controller.getState();
      const request = buildRouteRequest({ messages: chat.messages, userContext, projectContext });
      $('request-body').textContent = JSON.stringify(request, null, 2);
      const reply = await this.respond({ ...request, messages: chat.messages, remembered: stored });
      chat.messages.push({ role: 'assistant', text: reply });
    } catch (err) {
      this.report(err);
    }
    saveChats(this.chats);
    this.renderChat();
    this.controller.setMessage('');
  }

  flashExtraction(outcomes, projectId) {
    const box = $('extraction');
    box.hidden = false;
    box.dataset.count = String(outcomes.length);
    const items = [];
    for (const o of outcomes) {
      const where = o.store === 'project' ? `project ${projectId}` : 'your profile';
      const what = o.store === 'project' ? `[${o.entry.type}] ${o.entry.content}` : o.entry.content;
      const replaced = (o.superseded ?? []).map((e) => e.content);
      items.push(
        el('li', { dataset: { store: o.store } },
          el('span', { class: 'dest' }, `→ ${where}: `), what,
          o.action === 'updated' ? ' (already known, refreshed)' : '',
          replaced.length ? ` (replaces: ${replaced.join('; ')})` : ''),
      ); // prettier-ignore
    }
    box.replaceChildren(
      el('strong', {}, `✓ Remembered ${outcomes.length} fact${outcomes.length === 1 ? '' : 's'}:`),
      el('ul', {}, ...items),
    );
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => {
      box.hidden = true;
    }, 6000);
  }

  // -- live context

  /** Load a project's store once, its steps shown on a progress bar (a large store takes
   * seconds; the page stays free, the bar says why the context is not there yet). */
  openProject(projectId) {
    this.opened ??= new Set();
    if (this.opened.has(projectId)) return;
    this.opened.add(projectId);
    const bar = $('open-progress');
    this.memory.projects
      .open(projectId, {
        onProgress: ({ done, total }) => {
          bar.hidden = done >= total;
          bar.max = Math.max(1, total);
          bar.value = done;
        },
      })
      .catch((err) => this.report(err))
      .finally(() => {
        bar.hidden = true;
      });
  }

  renderContext(state) {
    const panel = $('context');
    panel.dataset.ready = String(state.isReady);
    panel.dataset.lookups = String(state.lookups);
    $('ctx-ready').textContent = state.isReady ? 'ready' : 'starting…';
    $('ctx-ready').dataset.state = state.isReady ? 'ready' : 'loading';
    $('ctx-project').textContent = state.projectId ?? '(none: this chat is in no project)';
    if (state.projectId) this.openProject(state.projectId);
    const select = $('chat-project');
    if ([...select.options].some((o) => o.value === (state.projectId ?? ''))) {
      select.value = state.projectId ?? '';
    }
    $('ctx-user').textContent = state.userContext || '(empty)';
    $('ctx-projectctx').textContent = state.projectContext || '(empty)';
    const look = state.lastLookup;
    $('ctx-lookup').textContent = look
      ? `lookup #${state.lookups} for “${look.query}” started ${clock(look.startedAt)}` +
        (look.scheduledAt ? `, ${Math.round(look.startedAt - look.scheduledAt)} ms after the last keystroke` : '') +
        (look.ms !== null ? `; answered in ${look.ms} ms` : '; waiting…') +
        (state.dropped ? ` (${state.dropped} stale answer${state.dropped === 1 ? '' : 's'} dropped)` : '')
      : 'no lookup yet: type a message (one lookup after 300 ms of quiet)'; // prettier-ignore
    $('ctx-error').hidden = !state.error;
    $('ctx-error').textContent = state.error ? String(state.error.message ?? state.error) : '';
    const chat = this.chat;
    if (chat) {
      const body = buildRouteRequest({
        messages: [...chat.messages, ...(state.message ? [{ role: 'user', text: state.message }] : [])],
        userContext: state.userContext,
        projectContext: state.projectContext,
      }); // prettier-ignore
      $('request-body').textContent = JSON.stringify(body, null, 2);
    }
  }

  // -- inspector

  scheduleRefresh() {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(async () => {
      await this.refreshProjects().catch((err) => this.report(err));
      this.refreshInspector();
      this.refreshPersistence();
    }, 150);
  }

  inspectedStore() {
    const value = this.inspected;
    return value.startsWith('project:')
      ? { store: 'project', projectId: value.slice('project:'.length) }
      : { store: 'userProfile' };
  }

  async refreshInspector() {
    if (this.suspended || this.editing) return; // an open edit box is not redrawn away
    const { store, projectId } = this.inspectedStore();
    const query = $('inspect-query').value.trim();
    const m = this.memory;
    try {
      const replaced = $('inspect-superseded').checked;
      const entries =
        store === 'userProfile'
          ? query
            ? await m.userProfile.search(query, { limit: 50, includeSuperseded: replaced })
            : await m.userProfile.list({ includeSuperseded: replaced })
          : query ? await m.projects.search(projectId, query, { limit: 50 })
            : await m.projects.list(projectId); // prettier-ignore
      const byId = new Map(entries.map((e) => [e.id, e]));
      const rows = entries.slice(0, 200).map((e) => {
        const content = el('td', { class: 'content' }, e.content);
        if (e.superseded) {
          const by = byId.get(e.supersededBy);
          content.append(el('span', { class: 'replaced' },
            `replaced${by ? ` by “${by.content}”` : ''} on ${(e.supersededAt ?? '').slice(0, 10)}`));
        } // prettier-ignore
        const actions = el('td', {});
        if (store === 'userProfile') {
          actions.append(el('button', {
            type: 'button', class: 'secondary edit', title: 'Edit this memory',
            onclick: () => this.editEntry(content, e),
          }, 'Edit')); // prettier-ignore
        }
        actions.append(el('button', {
          type: 'button', class: 'delete', title: 'Delete this memory',
          onclick: () => this.deleteEntry(store, projectId, e.id),
        }, 'Delete')); // prettier-ignore
        return el(
          'tr',
          { class: e.superseded ? 'superseded' : '', dataset: { id: e.id, superseded: String(!!e.superseded) } },
          content,
          el('td', {}, e.category ?? e.type),
          el('td', { class: 'when' }, (e.updatedAt ?? '').replace('T', ' ').slice(0, 19)),
          actions,
        ); // prettier-ignore
      });
      if (this.editing) return; // (an edit box opened while the entries were read stays)
      $('inspect-rows').replaceChildren(...rows);
      $('inspect-count').textContent =
        `${entries.length} ${query ? 'matching' : ''} entr${entries.length === 1 ? 'y' : 'ies'}` +
        (entries.length > 200 ? ' (first 200 shown)' : '');
    } catch (err) {
      this.report(err);
    }
  }

  /** Edit a profile memory in place: Enter saves (re-checked for duplicates, topic and
   * secrets), Escape cancels. */
  editEntry(cell, entry) {
    const input = el('input', { class: 'edit', value: entry.content, 'aria-label': 'Memory text' });
    this.editing = true;
    const save = async () => {
      this.editing = false;
      try {
        const out = await this.memory.userProfile.edit(entry.id, input.value);
        if (out.action === 'merged') {
          $('forget-result').hidden = false;
          $('forget-result').textContent = `Merged into “${out.entry.content}”.`;
        }
      } catch (err) {
        this.report(err);
      }
      this.refreshInspector();
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') save();
      if (event.key === 'Escape') {
        this.editing = false;
        this.refreshInspector();
      }
    });
    cell.replaceChildren(input);
    input.focus();
  }

  async forgetAll() {
    if (!window.confirm('Forget everything? This deletes every memory of your profile and every project.')) return;
    try {
      const gone = await this.memory.forgetAll({ confirm: true });
      $('forget-result').hidden = false;
      $('forget-result').textContent =
        `Forgot ${gone.userFacts} profile memor${gone.userFacts === 1 ? 'y' : 'ies'} and ${gone.projects} project${gone.projects === 1 ? '' : 's'}.`;
      await this.refreshProjects();
      this.refreshInspector();
    } catch (err) {
      this.report(err);
    }
  }

  async deleteEntry(store, projectId, id) {
    try {
      if (store === 'userProfile') await this.memory.userProfile.remove(id);
      else await this.memory.projects.remove(projectId, id);
    } catch (err) {
      this.report(err);
    }
  }

  async exportStore() {
    const { store, projectId } = this.inspectedStore();
    try {
      const data = await this.memory.storage.export(store, projectId);
      const text = JSON.stringify(data, null, 2);
      $('io-text').value = text;
      const link = $('download');
      URL.revokeObjectURL(link.href);
      link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      link.download = `${projectId ? `project-${projectId}` : 'user-profile'}.json`;
      link.hidden = false;
    } catch (err) {
      this.report(err);
    }
  }

  async importStore() {
    const text = $('io-text').value.trim();
    if (!text) return;
    const { store, projectId } = this.inspectedStore();
    try {
      const data = JSON.parse(text);
      const into = store === 'project' && data.store === 'project' ? { projectId } : {};
      const bar = $('io-progress');
      const result = await this.memory.storage.import(data, {
        ...into,
        replace: $('io-replace').checked,
        onProgress: ({ done, total }) => {
          bar.hidden = false;
          bar.max = Math.max(1, total);
          bar.value = done;
          $('io-result').textContent = `Importing: ${done} of ${total} entries…`;
        },
      });
      $('io-result').textContent =
        `Imported ${result.imported} entries (${result.inserted} new, ${result.updated} merged).`;
      await this.refreshProjects();
    } catch (err) {
      $('io-result').textContent = `Import failed: ${err.pythonType ?? err.name}: ${err.message}`;
    } finally {
      $('io-progress').hidden = true;
    }
  }

  // -- persistence

  async refreshPersistence(withEstimate = false) {
    if (this.suspended) return;
    // (a refresh that started before a newer one must not render its older answer)
    const generation = (this.persistenceGeneration = (this.persistenceGeneration ?? 0) + 1);
    if (withEstimate) this.wantEstimate = true; // (kept for the refresh that renders)
    try {
      const [status, names] = await Promise.all([this.memory.status(), this.memory.storage.list()]);
      if (generation !== this.persistenceGeneration) return;
      const problems = [];
      const discard = (name) =>
        el('button', { type: 'button', class: 'secondary small', dataset: { discard: name },
          onclick: () => this.discardRecord(name) }, 'Discard'); // prettier-ignore
      for (const s of status.stores) {
        for (const e of s.loadErrors) {
          problems.push(el('li', { class: 'load-error' },
            `${s.name}: unreadable record set aside as ${e.quarantineName}: ${e.message} `,
            discard(e.quarantineName)));
        } // prettier-ignore
        for (const name of s.setAside) {
          problems.push(el('li', { class: 'set-aside' },
            `${s.name}: an unreadable record set aside earlier is kept as ${name} `,
            discard(name)));
        } // prettier-ignore
        if (s.lastWriteError) {
          problems.push(el('li', { class: 'write-error' },
            `${s.name}: write failed (${s.pending} change${s.pending === 1 ? '' : 's'} kept, ` +
            `retried on the next change): ${s.lastWriteError.type}: ${s.lastWriteError.message}`));
        } // prettier-ignore
      }
      $('problems').replaceChildren(...problems);
      $('problems').hidden = !problems.length;
      $('persistence').dataset.problems = String(problems.length);
      $('store-rows').replaceChildren(
        ...status.stores.map((s) =>
          el('tr', { dataset: { store: s.name } }, el('td', {}, s.name), el('td', {}, s.size),
            el('td', {}, s.pending), el('td', {}, s.revision), el('td', {}, s.writes)),
        ), // prettier-ignore
      );
      $('idb-keys').textContent = names.length ? names.join('\n') : '(nothing stored yet)';
      if (this.wantEstimate || !this.estimated) {
        this.estimated = true;
        this.wantEstimate = false;
        const e = await this.memory.storage.estimate();
        $('usage').textContent = e
          ? `${bytes(e.usage)} used of ${bytes(e.quota)} (${(e.usageRatio * 100).toFixed(3)} %)` +
            `; persistent: ${e.persisted ? 'yes' : 'no'}`
          : 'not available in this browser'; // prettier-ignore
        this.showDurability(e, status.browser);
      }
    } catch (err) {
      if (!this.suspended) this.report(err);
    }
  }

  /** Delete a record set aside as unreadable (after the user has looked at it). */
  async discardRecord(name) {
    try {
      await this.memory.storage.discard(name);
      await this.refreshPersistence();
    } catch (err) {
      this.report(err);
    }
  }

  /** Say whether the browser keeps this memory for sure, and what it risks if not. */
  showDurability(estimate, browser) {
    const note = $('durability');
    if (!browser.persistRequest) {
      note.dataset.kept = 'unsupported';
      note.textContent =
        'This browser cannot promise to keep this memory: it has no StorageManager ' +
        '(navigator.storage), so persistent storage cannot be requested and the browser may ' +
        'delete the memory when space runs low. Export it (Inspector) to keep a copy.';
      $('persist').disabled = true;
      $('persist').title = 'not available in this browser';
    } else if (estimate?.persisted) {
      note.dataset.kept = 'persistent';
      note.textContent = 'Persistent: the browser will not delete this memory to free space.';
    } else {
      note.dataset.kept = 'best-effort';
      note.textContent =
        'Not persistent: the browser may delete this memory when disk space runs low, and ' +
        "Safari deletes a site's storage after 7 days without a visit. Request persistent " +
        'storage to keep it.';
    }
  }

  async requestPersist() {
    try {
      const granted = await this.memory.storage.persist();
      $('persist-result').textContent = granted
        ? 'granted: the browser will not evict this memory'
        : browserSupport().persistRequest
          ? 'not granted (browsers grant it to installed or often used sites)'
          : 'not available in this browser (no StorageManager)';
      await this.refreshPersistence(true);
    } catch (err) {
      this.report(err);
    }
  }

  /** runPython() takes over: close the stores so that the console has them alone. */
  async suspend() {
    if (this.suspended) return;
    this.suspended = true;
    clearInterval(this.statusTimer);
    await this.mounted?.catch(() => {});
    this.controller.destroy();
    try {
      await this.memory.close();
    } catch (err) {
      console.error(err);
    }
    $('suspended').hidden = false;
    for (const node of document.querySelectorAll('#app button, #app textarea, #app input, #app select')) {
      node.disabled = true;
    } // prettier-ignore
  }
}

// ------------------------------------------------------------------ boot

async function start() {
  let memory;
  try {
    // (the worker early.mjs prestarted for these options)
    memory = await createMemory({ onStep: showStep, ...demoOptions() });
  } catch (err) {
    showBootError(err);
    console.error(err);
    throw err;
  }
  performance.mark('amplify:booted');
  statusEl.dataset.state = 'ready';
  statusEl.textContent =
    `Ready: amplify_memory ${memory.version} in ${(memory.bootMs / 1000).toFixed(2)} s` +
    ' (in a Web Worker: the page never waits for it)';
  document.documentElement.dataset.ready = 'true';
  const app = new DemoApp(memory);
  app.start().catch((err) => app.report(err));
  return { memory, app };
}

const ready = start();
ready.catch(() => {}); // shown on the page; keep the console free of an unhandled rejection

// The developer console's (and the tests') Python: a main-thread interpreter started on
// first use. It shares IndexedDB with the worker like another tab would, so the demo's
// stores are closed first and the page says so.
let consolePython = null;
async function mainThreadPython() {
  if (!consolePython) {
    consolePython = (async () => {
      const { app } = await ready;
      await app.suspend();
      const { bootPython } = await import('../js/runtime.mjs');
      return bootPython();
    })();
  }
  return consolePython;
}

window.amplify = {
  ready,
  get memory() {
    return ready.then(({ memory }) => memory);
  },
  get app() {
    return ready.then(({ app }) => app);
  },
  /** Run Python on the main thread (starts it on first use); resolves to the last value. */
  async runPython(code) {
    const { pyodide } = await mainThreadPython();
    return pyodide.runPythonAsync(code);
  },
};
