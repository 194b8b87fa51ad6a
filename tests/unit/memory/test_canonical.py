"""The one wording stored facts are compared in, and what it changes in decide()."""

from __future__ import annotations

import pytest

from amplify_memory.memory.canonical import canonical_fact
from amplify_memory.memory.supersession import decide


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("The user is not a fan of Lombok.", "User dislikes Lombok"),
        ("Helix is the user's editor.", "User's editor is Helix"),
        ("Xcode is the user's IDE for iOS development", "User's IDE for iOS development is Xcode"),
        (
            "Renovate manages the user's dependency updates",
            "User uses Renovate for dependency updates",
        ),
        ("Nomad runs the user's batch jobs.", "User uses Nomad for batch jobs"),
        ("CocoaPods is not used by the user", "User does not use CocoaPods"),
        ("Bazel is used by the user for monorepo builds", "User uses Bazel for monorepo builds"),
        ("Render is where the user hosts side projects", "User hosts side projects on Render"),
        ("Charts are made with Plotly by the user", "User uses Plotly for Charts"),
        ("For data work, the user relies on DuckDB.", "User uses DuckDB for data work"),
        ("In CI, the user runs tests with pytest", "User runs tests with pytest in CI"),
        ("The user lives in Lisbon.", "User is based in Lisbon"),
        ("The user is employed by a bank", "User works at a bank"),
        ("User works as a data engineer", "User is a data engineer"),
        ("The user is currently picking up Zig", "User is learning Zig"),
        ("User corrected: they use Podman now", "User uses Podman now"),
        ("User clarified that they have two monitors", "User has 2 monitors"),
        ("Not Mercurial \u2014 the user uses Git.", "User uses Git, not Mercurial"),
        ("User\u2019s shell is fish!", "User's shell is fish"),
        ("Builds are run by the user with Bazel", "User uses Bazel for Builds"),
        ("The user's backups are stored on Backblaze", "User uses Backblaze for backups"),
        ("The user's notes live in Obsidian.", "User uses Obsidian for notes"),
        ("The user reaches for Go for CLIs", "User uses Go for CLIs"),
        ("User works on a Mac", "User uses macOS"),
        ("User uses a Mac mini as a home server", "User uses a Mac mini as a home server"),
        ("They go hiking", "They go hiking"),  # an unknown verb: left as it is
        ("User corrected: they're a junior engineer", "User is a junior engineer"),
        ("Not sure, the user may use Bun", "Not sure, the user may use Bun"),
    ],
)
def test_shapes_become_subject_first(text: str, canonical: str) -> None:
    assert canonical_fact(text) == canonical


@pytest.mark.parametrize(
    "text",
    ["User uses Vim", "User prefers tabs over spaces", "Answers must be short", "", "   "],
)
def test_other_text_is_only_tidied(text: str) -> None:
    assert canonical_fact(text) == text.strip()


def test_a_data_store_that_lives_somewhere_is_no_place() -> None:
    assert "based in" not in canonical_fact("The user's logs live in Loki")


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        # one fact in two wordings
        ("Helix is the user's editor", "User uses Helix", "merge"),
        ("Ansible handles the user's deployments", "User deploys with Ansible", "merge"),
        ("The user is not a fan of Lombok", "User dislikes Lombok", "merge"),
        ("User's database of choice is MariaDB", "User uses MariaDB", "merge"),
        ("User runs their workloads on Nomad", "User uses Nomad", "merge"),
        ("User mainly writes Kotlin", "Kotlin is the user's main language", "merge"),
        ("The user lives in Lyon, France", "User is based in Lyon", "merge"),
        ("User works as a staff developer", "User is a staff engineer", "merge"),
        ("For local dev, the user relies on Tilt", "User uses Tilt for local development", "merge"),
        ("Deploys are handled by the user with Kamal", "User deploys with Kamal", "merge"),
        ("The user's dashboards live in Grafana", "User builds dashboards in Grafana", "merge"),
        # not one fact
        ("Bazel is not used by the user", "User uses Bazel for Android builds", "supersede"),
        ("User no longer uses Maven", "User builds Kotlin services with Maven", "supersede"),
        ("User has moved to Elixir", "User is based in Berlin", "keep"),
        ("User works as a junior developer", "User is a staff engineer", "supersede"),
        ("User uses Python type hints", "User uses Python", "keep"),
        ("User prefers TypeScript strict mode", "User prefers TypeScript", "keep"),
        ("User lives in Lyon", "User is based in Porto", "supersede"),
        ("Not Mercurial \u2014 the user uses Git", "User uses Mercurial", "supersede"),
        ("User wants code comments written in English", "User wants answers in English", "keep"),
        ("User works on a MacBook Pro M3", "User works on a MacBook Pro M1", "supersede"),
        ("User codes on a MacBook Pro M1", "User works on a MacBook Pro M1", "merge"),
        ("User's CI runs on Buildkite", "User's CI runs on Jenkins", "supersede"),
        (
            "User actually works for an IBM contractor, not IBM itself",
            "User works at IBM",
            "supersede",
        ),
        ("User uses Ruby type annotations", "User uses Ruby", "keep"),
        ("User uses Zed", "User uses Emacs keybindings", "keep"),
        ("User uses Python 3.12", "User's primary language is Python", "keep"),
        ("User is based in York", "User is based in New York", "supersede"),
        (
            "User uses Swift for server development",
            "User uses Swift for mobile development",
            "keep",
        ),
        ("User\u2019s CI runs on Buildkite", "User's CI runs on Jenkins", "supersede"),
    ],
)
def test_decide_reads_the_canonical_wording(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action
