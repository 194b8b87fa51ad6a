"""Automatic, pattern-based extraction of memories from chat messages and agent actions.

:func:`extract_user_facts` reads what the *user* wrote and returns the stable facts
about them it states: preferences, technologies, coding style, workflow, how they
want answers, and personal details. Each fact is rewritten in the third person
("I prefer TypeScript" -> "User prefers TypeScript").

What it deliberately does not store:

* questions ("should I use React?", "do you like Rust?") -- a statement clause before
  the question in the same sentence ("I use React, should I add Redux?") is kept;
* hypotheticals and plans: clauses with "if", "might", "maybe", "would" (except
  "would rather / prefer / like"), "should", "wondering", "thinking", "planning",
  "want to try / learn", "not sure", ...;
* past habits ("I used Angular", "I used to love PHP");
* statements about other people ("my colleague prefers tabs"): a fact needs the user
  as the subject ("I ...", "my name / favourite X / stack ...", "we use X" for
  technologies) or a standing request to the assistant;
* reported or quoted text (quotes of three words or more, "> " lines, clauses with
  "said", "says", "told", "according to") and code (fenced blocks, code-looking lines);
* the assistant's message: it is accepted for context only and never read.

A negated statement keeps its polarity: "I don't like Java" -> "User does not like
Java", never "User likes Java". Requests to the assistant count only when they are
standing ("always", "never", "from now on", "for all ...") or about answers
("keep your answers short"): "use React for this component" is a task, not a
preference.

:func:`extract_project_context` splits an agent's action description ("Created
src/auth/login.tsx: decided to use JWT in httpOnly cookies; must support OAuth") into
decisions, requirements, constraints, patterns, errors, fixes and so on, attaching
the files and the technologies mentioned as tags.
"""

from __future__ import annotations

from amplify_memory.memory._facts import ExtractedContext, ExtractedFact
from amplify_memory.memory.chat_facts import ChatFacts, extract_chat_facts
from amplify_memory.memory.project_facts import extract_project_context
from amplify_memory.memory.user_facts import extract_user_facts

__all__ = [
    "ChatFacts",
    "ExtractedContext",
    "ExtractedFact",
    "extract_chat_facts",
    "extract_project_context",
    "extract_user_facts",
]
