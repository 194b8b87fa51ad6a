// A React hook over the vector-context controller. React is a peer dependency: pass your
// React in (nothing here imports or bundles it).
//
//   import * as React from 'react';
//   import { makeUseVectorContext } from 'amplify-memory/web/js/react.mjs';
//   export const useVectorContext = makeUseVectorContext(React);
//
//   function Chat({ memory, chatId, input, messages }) {
//     const { userContext, projectContext, isReady, projectId } =
//       useVectorContext({ memory, chatId, message: input });
//     const { append } = useChat({ body: { userContext, projectContext } });
//     ...
//   }
import { createVectorContext } from './vector-context.mjs';

/**
 * Build `useVectorContext({memory, chatId, message, ...options})` on the given React
 * (needs useState, useEffect and useRef). Returns
 * `{userContext, projectContext, isReady, projectId, lastLookup, error}`.
 */
export function makeUseVectorContext(React) {
  const { useEffect, useRef, useState } = React ?? {};
  if (!useEffect || !useRef || !useState) {
    throw new TypeError('makeUseVectorContext(React) needs React with useState/useEffect/useRef');
  }
  return function useVectorContext({ memory, chatId = null, message = '', ...options } = {}) {
    const controllerRef = useRef(null);
    const [state, setState] = useState(() => ({
      userContext: '',
      projectContext: '',
      isReady: false,
      projectId: null,
      lastLookup: null,
      error: null,
    }));

    // One controller per memory: created and mounted with it, destroyed on unmount.
    useEffect(() => {
      if (!memory) return undefined;
      const controller = createVectorContext({ memory, chatId, message, ...options });
      controllerRef.current = controller;
      const unsubscribe = controller.subscribe((s) => setState(s));
      controller.mount();
      return () => {
        unsubscribe();
        controller.destroy();
        controllerRef.current = null;
      };
      // eslint-disable-next-line react-hooks/exhaustive-deps -- options are read once
    }, [memory]);

    useEffect(() => {
      controllerRef.current?.setChatId(chatId);
    }, [chatId]);

    useEffect(() => {
      controllerRef.current?.setMessage(message);
    }, [message]);

    return {
      userContext: state.userContext,
      projectContext: state.projectContext,
      isReady: state.isReady,
      projectId: state.projectId,
      lastLookup: state.lastLookup,
      error: state.error,
    };
  };
}
