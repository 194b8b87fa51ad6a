"""The maintained list of technologies the memory recognises, and a finder for them.

Each :class:`Technology` has a canonical display name ("PostgreSQL") and aliases
("postgres", "postgresql"). :func:`find_technologies` returns the canonical names
mentioned in a text, in order of first appearance.

Matching rules
--------------
* Matching is case-insensitive and on whole words: an alias must not be glued to a
  letter, digit, ``_``, ``.``, ``@`` or ``$`` on either side, so ``main.go``,
  ``example.net``, ``goroutine`` and ``@types/node`` mention nothing. A trailing
  ``-`` is allowed ("React-based"). Longer aliases win ("React Native" over "React").
* Path-like chunks (``src/go/server.ts``, ``./next``) are ignored.
* **Common words.** Some names are ordinary English words or names ("go", "swift",
  "rust", "express", "spring", "bun", "react", "node", "jest", ...). Such an alias
  counts only when it is in a clear technology context:

  1. written capitalised ("Go", "Rust") and not the first word of a sentence; or
  2. followed by a technology noun ("go code", "rust developer", "express server");
     or preceded by a usage word ("using rust", "with express") or by
     "written/coded/programming ... in" ("written in go"); or
  3. listed next to another recognised technology ("react and express",
     "vue, svelte or solid").

  "Next" alone is never Next.js; only "Next.js", "NextJS" and "Next JS" are.
* Single-letter languages ("C", "R") count only in context (rule 2 or 3) and only
  when written capitalised.

>>> find_technologies("I'm building it with React and Supabase, deployed on Vercel")
['React', 'Supabase', 'Vercel']
>>> find_technologies("Go ahead and express your views next spring")
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

__all__ = [
    "TECHNOLOGIES",
    "Mention",
    "Technology",
    "find_technologies",
    "find_technology_mentions",
    "lookup_technology",
]


def _wordlist(text: str) -> list[str]:
    """The whitespace-separated words of ``text``."""
    return text.split()


@dataclass(frozen=True, slots=True)
class Technology:
    """A technology: canonical ``name``, plain ``aliases`` and context-only ``common``.

    ``common`` aliases are ordinary words and match only in a technology context;
    ``letter`` marks a one-letter language name (always needs context).

    >>> Technology("Go", aliases=("golang",), common=("go",)).name
    'Go'
    """

    name: str
    aliases: tuple[str, ...] = ()
    common: tuple[str, ...] = ()
    letter: bool = False


@dataclass(frozen=True, slots=True)
class Mention:
    """One technology mention: canonical ``name`` and its ``start``/``end`` offsets.

    >>> find_technology_mentions("uses Postgres")[0]
    Mention(name='PostgreSQL', start=5, end=13)
    """

    name: str
    start: int
    end: int


def _t(name: str, *aliases: str, common: tuple[str, ...] = ()) -> Technology:
    return Technology(name, aliases, common)


#: The maintained list (alphabetical inside each group). The canonical name is itself
#: a plain alias unless it appears in ``common``.
TECHNOLOGIES: Final[tuple[Technology, ...]] = (
    # -- languages
    _t("Bash", "bash scripts", "shell scripting"),
    Technology("C", letter=True),
    _t("C#", "csharp", "c sharp"),
    _t("C++", "cpp"),
    _t("Clojure"),
    _t("COBOL"),
    _t("Crystal", common=("crystal",)),
    _t("CSS", "css3"),
    _t("Dart", common=("dart",)),
    _t("Elixir"),
    _t("Elm", common=("elm",)),
    _t("Erlang"),
    _t("F#", "fsharp"),
    _t("Fortran"),
    _t("Go", "golang", common=("go",)),
    _t("Groovy", common=("groovy",)),
    _t("Haskell"),
    _t("HTML", "html5"),
    _t("Java"),
    _t("JavaScript", "js", "ecmascript", "vanilla js"),
    _t("Julia", common=("julia",)),
    _t("Kotlin"),
    _t("Lua"),
    _t("MATLAB"),
    _t("Nim", common=("nim",)),
    _t("Objective-C", "objc", "objective c"),
    _t("OCaml"),
    _t("Perl"),
    _t("PHP"),
    _t("PowerShell"),
    _t("Python", "python3", "py3"),
    Technology("R", letter=True),
    _t("Ruby", common=("ruby",)),
    _t("Rust", "rustlang", common=("rust",)),
    _t("Scala"),
    _t("Solidity"),
    _t("SQL"),
    _t("Swift", common=("swift",)),
    _t("TypeScript", "ts", "typescript"),
    _t("WebAssembly", "wasm"),
    _t("Zig"),
    # -- front-end frameworks and libraries
    _t("Alpine.js", "alpinejs"),
    _t("Angular", "angularjs", "angular.js", common=("angular",)),
    _t("Astro", "astro.build"),
    _t("D3.js", "d3", "d3js"),
    _t("Ember.js", "emberjs", common=("ember",)),
    _t("Gatsby", "gatsbyjs", common=("gatsby",)),
    _t("htmx"),
    _t("jQuery"),
    _t("Lit", "lit-element", "lit element", common=("lit",)),
    _t("Next.js", "nextjs", "next js"),
    _t("Nuxt", "nuxtjs", "nuxt.js"),
    _t("Preact"),
    _t("Qwik"),
    _t("React", "reactjs", "react.js", common=("react",)),
    _t("Remix", "remix.run", common=("remix",)),
    _t("SolidJS", "solid.js", "solid-js"),
    _t("Svelte"),
    _t("SvelteKit", "svelte kit"),
    _t("Three.js", "threejs"),
    _t("Vue", "vue.js", "vuejs", "vue 3", "vue3"),
    # -- state, data fetching, validation
    _t("MobX"),
    _t("Pinia"),
    _t("Redux", "redux toolkit", "rtk"),
    _t("RxJS"),
    _t("TanStack Query", "react query", "react-query", "tanstack"),
    _t("XState"),
    _t("Zod"),
    _t("Zustand"),
    # -- styling and UI kits
    _t("Bootstrap", common=("bootstrap",)),
    _t("Chakra UI", "chakra"),
    _t("Material UI", "mui", "material-ui"),
    _t("Sass", "scss"),
    _t("shadcn/ui", "shadcn", "shadcn ui"),
    _t("Styled Components", "styled-components"),
    _t("Tailwind CSS", "tailwind", "tailwindcss"),
    # -- mobile and desktop
    _t("Electron", "electronjs", common=("electron",)),
    _t("Expo", common=("expo",)),
    _t("Flutter", common=("flutter",)),
    _t("Ionic", common=("ionic",)),
    _t("Jetpack Compose"),
    _t("React Native", "react-native"),
    _t("SwiftUI"),
    _t("Tauri"),
    # -- back-end frameworks and runtimes
    _t(".NET", "dotnet", ".net core"),
    _t("ASP.NET", "asp.net core"),
    _t("Actix", "actix-web"),
    _t("Axum"),
    _t("Bun", "bun.sh", "bunjs", common=("bun",)),
    _t("Deno"),
    _t("Django", "django rest framework", "drf"),
    _t("Express", "express.js", "expressjs", common=("express",)),
    _t("FastAPI", "fast api"),
    _t("Fastify"),
    _t("Flask"),
    _t("Gin", common=("gin",)),
    _t("Hono"),
    _t("Koa"),
    _t("Laravel"),
    _t("NestJS", "nest.js", "nestjs"),
    _t("Node.js", "nodejs", "node js", common=("node",)),
    _t("Phoenix", common=("phoenix",)),
    _t("Pyodide"),
    _t("Ruby on Rails", "rails", "ror", common=("rails",)),
    _t("Spring", "spring boot", "springboot", common=("spring",)),
    _t("Symfony"),
    # -- databases, ORMs, search and queues
    _t("BigQuery"),
    _t("Cassandra", common=("cassandra",)),
    _t("ClickHouse"),
    _t("CockroachDB"),
    _t("DynamoDB", "dynamo db"),
    _t("Drizzle", "drizzle orm", common=("drizzle",)),
    _t("Elasticsearch", "elastic search"),
    _t("Firebase"),
    _t("Firestore"),
    _t("IndexedDB", "indexed db"),
    _t("Kafka", "apache kafka"),
    _t("MariaDB"),
    _t("MongoDB", "mongo", "mongodb atlas"),
    _t("Mongoose", common=("mongoose",)),
    _t("MySQL"),
    _t("Neo4j"),
    _t("pgvector"),
    _t("PlanetScale"),
    _t("PostgreSQL", "postgres", "postgresql", "psql"),
    _t("Prisma", "prisma orm"),
    _t("RabbitMQ"),
    _t("Redis"),
    _t("Sequelize"),
    _t("SQLAlchemy"),
    _t("SQLite", "sqlite3"),
    _t("Supabase"),
    _t("TypeORM"),
    # -- APIs and protocols
    _t("GraphQL"),
    _t("gRPC"),
    _t("JWT", "json web token", "json web tokens", "jwts"),
    _t("OAuth", "oauth2", "oauth 2.0"),
    _t("OpenAPI", "swagger"),
    _t("tRPC"),
    _t("WebSockets", "websocket", "web sockets"),
    # -- testing
    _t("Cypress"),
    _t("Jest", common=("jest",)),
    _t("JUnit"),
    _t("Mocha", common=("mocha",)),
    _t("Playwright"),
    _t("Pytest", "py.test"),
    _t("RSpec"),
    _t("Selenium"),
    _t("Storybook", common=("storybook",)),
    _t("Testing Library", "react testing library", "@testing-library"),
    _t("Vitest"),
    # -- build tools, package managers, linters
    _t("Babel", common=("babel",)),
    _t("Biome", "biomejs"),
    _t("Black", common=("black",)),
    _t("Cargo", common=("cargo",)),
    _t("CMake"),
    _t("esbuild"),
    _t("ESLint"),
    _t("Gradle"),
    _t("Maven", common=("maven",)),
    _t("mypy"),
    _t("npm"),
    _t("pip", "pip3"),
    _t("pnpm"),
    _t("Poetry", common=("poetry",)),
    _t("Prettier", common=("prettier",)),
    _t("Pyright"),
    _t("Rollup", "rollup.js"),
    _t("Ruff"),
    _t("Turborepo", "turbo repo"),
    _t("Vite", "vitejs"),
    _t("Webpack"),
    _t("Yarn", common=("yarn",)),
    # -- cloud and hosting
    _t("AWS", "amazon web services"),
    _t("AWS Lambda", "lambda functions"),
    _t("Azure", "microsoft azure"),
    _t("Cloudflare", "cloudflare workers"),
    _t("DigitalOcean", "digital ocean"),
    _t("Fly.io", "flyio"),
    _t("GCP", "google cloud", "google cloud platform"),
    _t("Heroku"),
    _t("Netlify"),
    _t("S3", "aws s3", "amazon s3"),
    _t("Vercel"),
    # -- DevOps and infrastructure
    _t("Ansible"),
    _t("CircleCI"),
    _t("Docker", "dockerfile"),
    _t("Docker Compose", "docker-compose"),
    _t("Git"),
    _t("GitHub"),
    _t("GitHub Actions", "gh actions"),
    _t("GitLab"),
    _t("GitLab CI", "gitlab ci/cd", "gitlab-ci"),
    _t("Grafana"),
    _t("Helm", common=("helm",)),
    _t("Jenkins", common=("jenkins",)),
    _t("Kubernetes", "k8s", "kube"),
    _t("Linux"),
    _t("macOS", "mac os", "osx"),
    _t("Nginx"),
    _t("Prometheus", common=("prometheus",)),
    _t("Pulumi"),
    _t("Sentry", common=("sentry",)),
    _t("Terraform"),
    _t("Ubuntu"),
    _t("Windows", common=("windows",)),
    _t("WSL", "wsl2"),
    # -- editors and tools
    _t("Emacs"),
    _t("Figma"),
    _t("IntelliJ IDEA", "intellij"),
    _t("Jira"),
    _t("Neovim", "nvim"),
    _t("tmux"),
    _t("Vim"),
    _t("VS Code", "vscode", "visual studio code", "vs code"),
    # -- data and machine learning
    _t("Hugging Face", "huggingface", "hugging face transformers"),
    _t("Jupyter", "jupyter notebooks", "jupyterlab"),
    _t("LangChain"),
    _t("LlamaIndex"),
    _t("Matplotlib"),
    _t("NumPy"),
    _t("Ollama"),
    _t("OpenAI API", "openai"),
    _t("pandas", common=("pandas",)),
    _t("Polars", common=("polars",)),
    _t("PyTorch", "torch", common=("torch",)),
    _t("scikit-learn", "sklearn", "scikit learn"),
    _t("Spark", "apache spark", "pyspark", common=("spark",)),
    _t("TensorFlow"),
    # -- auth and payments
    _t("Auth0"),
    _t("Clerk", common=("clerk",)),
    _t("NextAuth", "next-auth", "auth.js"),
    _t("Stripe", common=("stripe",)),
)

# Nouns after a common word that mark it as a technology ("go code", "rust crate").
_NEXT_CUES: Final = frozenset(
    _wordlist("""
    code codebase developer developers dev devs engineer engineers programmer app apps
    application applications server servers backend frontend api apis framework
    library libraries lib module modules package packages project projects program
    programs programming compiler toolchain crate crates lang language runtime version
    binary binaries service services sdk cli component components hook hooks router
    middleware stack ecosystem test tests generics goroutines templates website site
    syntax docs bindings microservice microservices script scripts files file native
    boot config configuration plugin plugins setup build builds function functions
    """)
)
# Words before a common word that mark it as a technology ("using rust", "with express").
_PREV_CUES: Final = frozenset(
    _wordlist("using use uses with learning learn learned know knows switched migrated")
)
# "written in go", "coded in rust": a verb, then "in".
_IN_CUES: Final = frozenset(
    _wordlist("""
    written write writing wrote coded code coding programming program programmed built
    build building developed develop developing implemented implement rewrite rewrote
    rewritten experienced experience fluent proficient
    """)
)
# What may separate two technologies of one list ("React and Express").
_LIST_GAP_RE: Final = re.compile(
    r"\s*(?:,|/|\+|&|\band\b|\bor\b|,\s*and\b|,\s*or\b|\bvs\.?|\bversus\b|\bover\b"
    r"|\bthan\b|\bto\b|\bwith\b|\bplus\b|\binstead of\b|\bnot\b)\s*",
    re.IGNORECASE,
)
_WORD_RE: Final = re.compile(r"[A-Za-z0-9_']+")
_SPACE_RE: Final = re.compile(r"[\s-]+")
# Whitespace-free chunks that look like file paths: ignored.
_PATH_RE: Final = re.compile(
    r"(?<!\S)(?:[.~]{0,2}/\S+|[\w.@-]+(?:/[\w.@-]+){2,}|[\w.@-]+/[\w@-]+\.[A-Za-z0-9]{1,6})"
)


def _alias_key(alias: str) -> str:
    """The lookup key of an alias: case-folded, spaces and hyphens as one space."""
    return _SPACE_RE.sub(" ", alias.strip().casefold())


def _build_index() -> tuple[re.Pattern[str], dict[str, tuple[str, str]]]:
    """One alternation of every alias, longest first, and alias -> (name, kind)."""
    kinds: dict[str, tuple[str, str]] = {}
    for tech in TECHNOLOGIES:
        common = {_alias_key(c) for c in tech.common}
        names = [tech.name, *tech.aliases, *tech.common]
        for alias in names:
            key = _alias_key(alias)
            if tech.letter:
                kind = "letter"
            elif key in common:
                kind = "common"
            else:
                kind = "plain"
            kinds.setdefault(key, (tech.name, kind))
    alternation = "|".join(
        r"[\s-]+".join(re.escape(part) for part in alias.split(" "))
        for alias in sorted(kinds, key=len, reverse=True)
    )
    pattern = re.compile(rf"(?<![\w.@$])(?:{alternation})(?![\w@$]|[.+#][\w])", re.IGNORECASE)
    return pattern, kinds


_ALIAS_RE, _ALIAS_KINDS = _build_index()
_BY_NAME: Final[dict[str, Technology]] = {t.name.casefold(): t for t in TECHNOLOGIES}


def lookup_technology(name: str) -> Technology | None:
    """The technology whose canonical name or alias is ``name`` (any case), or None.

    >>> lookup_technology("postgres").name, lookup_technology("k8s").name
    ('PostgreSQL', 'Kubernetes')
    >>> lookup_technology("banana") is None
    True
    """
    entry = _ALIAS_KINDS.get(_alias_key(name))
    return _BY_NAME[entry[0].casefold()] if entry else None


def _is_sentence_start(text: str, start: int) -> bool:
    """True when nothing but sentence punctuation, bullets or spaces precede ``start``."""
    before = text[:start].rstrip(" \t\"'([*>-")
    return not before or before[-1] in ".!?:\n"


def _in_context(text: str, start: int, end: int) -> bool:
    """Rule 2 of the module docstring: a technology noun after, a usage word before."""
    after = _WORD_RE.findall(text[end : end + 40])
    if after and after[0].casefold() in _NEXT_CUES:
        return True
    before = _WORD_RE.findall(text[max(0, start - 40) : start])
    if before and before[-1].casefold() in _PREV_CUES:
        return True
    return len(before) >= 2 and before[-1].casefold() == "in" and before[-2].casefold() in _IN_CUES


def find_technology_mentions(text: str) -> list[Mention]:
    """Every technology mention in ``text``, in order, with its character span.

    >>> text = "ts and k8s"
    >>> [(m.name, text[m.start : m.end]) for m in find_technology_mentions(text)]
    [('TypeScript', 'ts'), ('Kubernetes', 'k8s')]
    """
    masked = _PATH_RE.sub(lambda m: " " * len(m.group()), text)
    candidates: list[tuple[Mention, bool]] = []  # (mention, accepted yet)
    for match in _ALIAS_RE.finditer(masked):
        raw = match.group()
        name, kind = _ALIAS_KINDS[_alias_key(raw)]
        mention = Mention(name, match.start(), match.end())
        if kind == "plain":
            candidates.append((mention, True))
            continue
        capitalised = raw[0].isupper()
        if kind == "letter" and not capitalised:
            continue
        initial = _is_sentence_start(masked, match.start())
        accepted = (kind == "common" and capitalised and not initial) or _in_context(
            masked, match.start(), match.end()
        )
        candidates.append((mention, accepted))
    # Rule 3: a pending candidate listed right next to an accepted one is accepted too.
    changed = True
    while changed:
        changed = False
        for i, (mention, accepted) in enumerate(candidates):
            if accepted:
                continue
            for j in (i - 1, i + 1):
                if 0 <= j < len(candidates) and candidates[j][1]:
                    left, right = sorted((mention, candidates[j][0]), key=lambda m: m.start)
                    if _LIST_GAP_RE.fullmatch(masked[left.end : right.start]):
                        candidates[i] = (mention, True)
                        changed = True
                        break
    return [mention for mention, accepted in candidates if accepted]


def find_technologies(text: str) -> list[str]:
    """Canonical names of the technologies ``text`` mentions, in order, without repeats.

    >>> find_technologies("We use postgres + Prisma; the API is written in go, like our CLI")
    ['PostgreSQL', 'Prisma', 'Go']
    >>> find_technologies("I prefer TS over JS. Rust is fun, but rust on my bike isn't")
    ['TypeScript', 'JavaScript']
    """
    seen: dict[str, None] = {}
    for mention in find_technology_mentions(text):
        seen.setdefault(mention.name, None)
    return list(seen)
