"""Technologies a user mostly has one of at a time, and what a turn that names the new
one ends.

A correction often names only the new value: "we host everything on Hetzner now" (the
stored fact: "User's team hosts on AWS"), "I ported my project to Godot" ("User makes
games in Unity"), "my new job is all Azure DevOps" ("User's company uses GitLab"). The
old value is not in the turn, so :mod:`~amplify_memory.memory.changes` cannot read it;
but AWS and Hetzner are both cloud providers, and a team that says it is *now* on one
has left the other. :data:`KINDS` lists such kinds (narrow ones: a database and a cache
are not one kind, nor a cloud provider and an app platform); :func:`kind_replaced`
reads, from a clause that says something changed, the other members of the kind of each
technology the turn states a use of, as :class:`~amplify_memory.memory.changes.Replaced`
values marked with their ``kind``. The user-profile store then supersedes the stored
positive facts that state one of them (opinions, negative facts and the turn's own
technologies stay).

The clause must say the use is new or whole ("now", "these days", "moved to", "ported
... to", "switched to", "went with", "everything on", "my new job") and must not say it
is an addition or limited to a part ("also", "as well", "alongside", "still", "for my
side project", "at home" ...): "added Sentry for error tracking" ends nothing.

>>> [r.value for r in kind_replaced("we host everything on Hetzner now", {"Hetzner"})][:3]
['AWS', 'GCP', 'Azure']
>>> kind_replaced("we also run a bit on Hetzner now", {"Hetzner"})
[]
>>> kind_replaced("we host on Hetzner", {"Hetzner"})
[]
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache
from typing import Final

from amplify_memory.memory.changes import Replaced, names_a_value
from amplify_memory.memory.technologies import find_technology_mentions, lookup_technology
from amplify_memory.memory.topics import both_hold, tool_group_names

#: The exclusive groups of tools of the topic registry that are kinds of their own here.
TOOL_GROUPS: Final = ("operating_system", "editor", "shell", "package_manager", "ci_service")

__all__ = ["KINDS", "TOOL_GROUPS", "kind_of", "kind_replaced", "same_kind"]

#: The kinds, each with its members' canonical names (:mod:`~.technologies`). Extend with
#: care: two members must be alternatives a user rarely keeps side by side.
KINDS: Final[dict[str, str]] = {
    "cloud provider": "AWS, GCP, Azure, Hetzner, DigitalOcean, Linode, Vultr, OVHcloud, "
    "Oracle Cloud, IBM Cloud, Scaleway, Alibaba Cloud",
    "app platform": "Heroku, Fly.io, Render, Railway, Vercel, Netlify, Cloudflare Pages, "
    "App Engine, Elastic Beanstalk, Platform.sh, Coolify, Dokku",
    "game engine": "Unity, Unreal Engine, Godot, GameMaker, Bevy, Defold, Cocos2d, RPG Maker, "
    "Love2D, MonoGame, Stride, O3DE, CryEngine",
    "code host": "GitHub, GitLab, Bitbucket, Azure DevOps, Gitea, Codeberg, SourceHut, Forgejo",
    "data warehouse": "Snowflake, BigQuery, Redshift, Databricks, Azure Synapse, Teradata",
    "issue tracker": "Jira, Linear, Trello, Asana, ClickUp, YouTrack, Monday.com, "
    "Pivotal Tracker, Basecamp",
    "notes app": "Notion, Obsidian, Evernote, OneNote, Logseq, Joplin, Roam Research",
    "team chat": "Slack, Microsoft Teams, Discord, Mattermost, Zulip, Rocket.Chat",
    "design tool": "Figma, Sketch, Adobe XD, Penpot, InVision, Framer",
    "monitoring service": "Datadog, New Relic, Grafana Cloud, Dynatrace, AppDynamics, "
    "Honeycomb, Instana, Grafana, Prometheus",
    "error tracker": "Sentry, Rollbar, Bugsnag, Honeybadger, Raygun",
    "JavaScript test runner": "Jest, Vitest, Mocha, Jasmine, Karma",
    "state management": "Redux, Zustand, MobX, Recoil, Jotai, Pinia, Vuex, NgRx, Valtio",
    "CSS framework": "Tailwind CSS, Bootstrap, Bulma, UnoCSS",
    "date library": "Moment.js, date-fns, Day.js, Luxon",
    "JavaScript ORM": "Prisma, Drizzle, TypeORM, Sequelize, Knex, MikroORM, Objection.js",
    "dataframe library": "pandas, Polars",
    "deep-learning framework": "PyTorch, TensorFlow, JAX, Apache MXNet",
    "experiment tracker": "Weights & Biases, MLflow",
    "infrastructure as code": "Terraform, OpenTofu, Pulumi, CloudFormation, AWS CDK",
    "container desktop": "Docker Desktop, Podman, Rancher Desktop, OrbStack, Colima",
    "Python packaging": "Poetry, uv, pipenv, PDM, Hatch, conda, pip-tools",
    "word processor": "Scrivener, Google Docs, Microsoft Word",
    "relational database": "PostgreSQL, MySQL, MariaDB, SQL Server, Oracle Database",
    "document database": "MongoDB, DynamoDB, Couchbase, CouchDB, Firestore, Cosmos DB",
    "front-end framework": "React, Vue, Angular, Svelte, SolidJS, Ember.js, Preact, Alpine.js",
    "cross-platform mobile": "Flutter, React Native, Xamarin, Ionic, .NET MAUI, Cordova",
    "web server": "Nginx, Apache HTTP Server, Caddy, Traefik, HAProxy, IIS",
    "password manager": "1Password, Bitwarden, LastPass, KeePass",
    "3D suite": "Blender, Maya, 3ds Max, Cinema 4D, Houdini",
    "CAD tool": "Fusion 360, SolidWorks, FreeCAD, Onshape, AutoCAD",
    "bundler": "Webpack, Vite, Parcel, Rollup, esbuild, Turbopack, Rspack",
    "Python web framework": "Django, Flask, FastAPI, Pyramid",
    "terminal emulator": "iTerm2, Ghostty, Alacritty, kitty, WezTerm, Warp, Windows Terminal, "
    "Hyper, Konsole, GNOME Terminal, Tabby",
    "web browser": "Google Chrome, Firefox, Safari, Microsoft Edge, Brave, Vivaldi, Opera, "
    "Zen Browser, Arc browser",
    "container runtime": "containerd, CRI-O",
    "managed Kubernetes": "EKS, AKS, GKE",
}


@lru_cache(maxsize=1)
def _members() -> dict[str, tuple[str, ...]]:
    """Each kind's members by their canonical names (a name the list does not know is
    an error of :data:`KINDS`, found by the tests), and the exclusive groups of tools of
    the topic registry (operating systems, editors, shells ...) as kinds too."""
    out = {}
    for kind, names in KINDS.items():
        known = [lookup_technology(n.strip()) for n in names.split(",")]
        out[kind] = tuple(t.name for t in known if t is not None)
    for group in TOOL_GROUPS:
        known = [lookup_technology(n) for n in tool_group_names(group)]
        out.setdefault(group, tuple(dict.fromkeys(t.name for t in known if t is not None)))
    return out


@lru_cache(maxsize=1)
def _kinds() -> dict[str, str]:
    out: dict[str, str] = {}
    for kind, names in _members().items():  # (a name of a kind first, then of a group)
        for name in names:
            out.setdefault(name.casefold(), kind)
    return out


def same_kind(name: str) -> tuple[str, ...]:
    """The technologies of the kind of ``name`` (any alias), ``name``'s own among them;
    none for a name of no kind.

    >>> "MySQL" in same_kind("postgres")
    True
    """
    kind = kind_of(name)
    return _members()[kind] if kind else ()


def kind_of(name: str) -> str | None:
    """The kind of the technology ``name`` (any alias), or None.

    >>> kind_of("postgres")
    'relational database'
    """
    known = lookup_technology(name)
    return _kinds().get((known.name if known else name).casefold())


#: The clause says the use is new, or the whole of it.
_NOW_RE: Final = re.compile(
    r"\b(?:now|nowadays|these\s+days|from\s+now\s+on|anymore|any\s+more|"
    r"(?:switch|mov|migrat|port|transition|chang)\w*\s+(?:\w+\s+){0,3}?(?:to|onto)|"
    r"went\s+(?:with|for)|all[\s-]in\s+on|everything(?:'s|\s+is|\s+lives)?\s+(?:on|in)|"
    r"new\s+(?:job|role|company|team|employer|gig)|replaced|instead)\b",
    re.IGNORECASE,
)
#: ... but not that it is an addition, or a part ("for my side project", "at home").
_ADDED_RE: Final = re.compile(
    r"\b(?:also|too|as\s+well|alongside|in\s+addition|added|adding|plus|both|keep(?:s|ing)?|"
    r"kept|still|besides|on\s+top\s+of|side\s+projects?|at\s+home|at\s+work|for\s+work|"
    r"personal|hobby|some\s+of|part\s+of|one\s+of|a\s+few|for\s+(?:the|this|that|my|our|a)"
    r"\s+(?:new\s+)?(?:project|app|client|service|repo|prototype))\b",
    re.IGNORECASE,
)
#: Right before a name: the name is not the new value ("off X", "not X", "from X").
_NOT_NEW_RE: Final = re.compile(
    r"\b(?:not|no|never|off|from|instead\s+of|rather\s+than|than|without|ditched|dropped|"
    r"left|quit|replaced|don't|dont|doesn't|no\s+longer)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)


def kind_replaced(clause: str, stated: Collection[str]) -> list[Replaced]:
    """The members of the kinds of the technologies ``clause`` says are now in use (of
    ``stated``: the technologies the turn's facts state a positive use of, canonical
    names), except those in ``stated``; each a :class:`Replaced` with its ``kind``."""
    if not _NOW_RE.search(clause) or _ADDED_RE.search(clause):
        return []
    kept = {s.casefold() for s in stated}
    out: dict[str, Replaced] = {}
    for mention in find_technology_mentions(clause):
        kind = _kinds().get(mention.name.casefold())
        if kind is None or mention.name.casefold() not in kept:
            continue
        if _NOT_NEW_RE.search(clause[max(0, mention.start - 40) : mention.start]):
            continue
        for member in _members()[kind]:
            if not any(names_a_value(k, [member]) or both_hold(k, member) for k in kept):
                # (nor a name inside a stated one: "Linux" of "Arch Linux")
                out.setdefault(member.casefold(), Replaced(member, kind=kind))
    return list(out.values())
