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
     or preceded by a usage word ("using rust", "with express", "running arch") or by
     "written/coded/programming ... in" ("written in go"), "deployed/hosted/running ...
     on" ("hosted on railway") or "switched/migrated/moved ... to" ("switched to fish"); or
  3. listed next to another recognised technology ("react and express",
     "vue, svelte or solid").

  "Next" alone is never Next.js; only "Next.js", "NextJS" and "Next JS" are.
* **Strict words.** A few common words are everyday verbs of programming talk ("make",
  "render"): they count only when written capitalised and not first in a sentence
  (rule 1), so "make API calls", "render props" and "use React to render" mention
  nothing, while "a Makefile" or "deployed on Render" do.
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
    ``letter`` marks a one-letter language name (always needs context); ``strict``
    makes the ``common`` aliases count only when written capitalised mid-sentence.

    >>> Technology("Go", aliases=("golang",), common=("go",)).name
    'Go'
    """

    name: str
    aliases: tuple[str, ...] = ()
    common: tuple[str, ...] = ()
    letter: bool = False
    strict: bool = False


@dataclass(frozen=True, slots=True)
class Mention:
    """One technology mention: canonical ``name`` and its ``start``/``end`` offsets.

    >>> find_technology_mentions("uses Postgres")[0]
    Mention(name='PostgreSQL', start=5, end=13)
    """

    name: str
    start: int
    end: int


def _t(name: str, *aliases: str, common: tuple[str, ...] = (), strict: bool = False) -> Technology:
    return Technology(name, aliases, common, strict=strict)


#: The maintained list (alphabetical inside each group). The canonical name is itself
#: a plain alias unless it appears in ``common``.
TECHNOLOGIES: Final[tuple[Technology, ...]] = (
    # -- languages
    _t("ABAP"),
    _t("Assembly", "assembly language", "asm", common=("assembly",)),
    _t("Bash", "bash scripts", "shell scripting"),
    Technology("C", letter=True),
    _t("C#", "csharp", "c sharp"),
    _t("C++", "cpp"),
    _t("Clojure"),
    _t("COBOL"),
    _t("Crystal", common=("crystal",)),
    _t("CSS", "css3"),
    _t("CUDA"),
    _t("Dart", common=("dart",)),
    _t("Delphi", "object pascal"),
    _t("Elixir"),
    _t("Elm", common=("elm",)),
    _t("Erlang"),
    _t("F#", "fsharp"),
    _t("Fortran"),
    _t("GDScript"),
    _t("Gleam", common=("gleam",)),
    _t("GLSL"),
    _t("Go", "golang", common=("go",)),
    _t("Groovy", common=("groovy",)),
    _t("Haskell"),
    _t("HLSL"),
    _t("HTML", "html5"),
    _t("Java"),
    _t("JavaScript", "js", "ecmascript", "vanilla js"),
    _t("Julia", common=("julia",)),
    _t("Kotlin"),
    _t("LaTeX", common=("latex",)),
    _t("Lisp", "common lisp"),
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
    _t("VBA"),
    _t("Verilog", "systemverilog"),
    _t("VHDL"),
    _t("Visual Basic", "vb.net"),
    _t("WebAssembly", "wasm"),
    _t("WGSL"),
    _t("Zig"),
    # -- front-end frameworks and libraries
    _t("Alpine.js", "alpinejs"),
    _t("Angular", "angularjs", "angular.js", common=("angular",)),
    _t("Astro", "astro.build"),
    _t("Backbone.js", common=("backbone",)),
    _t("Blazor"),
    _t("Chart.js"),
    _t("D3.js", "d3", "d3js"),
    _t("Dioxus"),
    _t("Docusaurus"),
    _t("Eleventy", "11ty", common=("eleventy",)),
    _t("Ember.js", "emberjs", common=("ember",)),
    _t("Framer Motion"),
    _t("Gatsby", "gatsbyjs", common=("gatsby",)),
    _t("GSAP"),
    _t("Hotwire"),
    _t("htmx"),
    _t("Hugo", "gohugo", common=("hugo",)),
    _t("Inertia.js", "inertiajs", common=("inertia",)),
    _t("Jekyll"),
    _t("jQuery"),
    _t("Leaflet", common=("leaflet",)),
    _t("Leptos"),
    _t("Lit", "lit-element", "lit element", common=("lit",)),
    _t("Livewire"),
    _t("Mapbox"),
    _t("MkDocs"),
    _t("Next.js", "nextjs", "next js"),
    _t("Nuxt", "nuxtjs", "nuxt.js"),
    _t("Preact"),
    _t("Qwik"),
    _t("React", "reactjs", "react.js", common=("react",)),
    _t("React Router", "react-router"),
    _t("Recharts"),
    _t("Remix", "remix.run", common=("remix",)),
    _t("SolidJS", "solid.js", "solid-js"),
    _t("Sphinx", common=("sphinx",)),
    _t("Stimulus", "stimulusjs", common=("stimulus",)),
    _t("Svelte"),
    _t("SvelteKit", "svelte kit"),
    _t("Three.js", "threejs"),
    _t("VitePress"),
    _t("Vue", "vue.js", "vuejs", "vue 3", "vue3"),
    _t("Web Components"),
    _t("Yew", common=("yew",)),
    # -- state, data fetching, validation
    _t("Apollo", "apollo client", "apollo server", "apollo graphql", common=("apollo",)),
    _t("Axios"),
    _t("date-fns"),
    _t("Day.js", "dayjs"),
    _t("Formik"),
    _t("Immer"),
    _t("Jotai"),
    _t("Lodash"),
    _t("MobX"),
    _t("Moment.js"),
    _t("Pinia"),
    _t("React Hook Form", "react-hook-form"),
    _t("Recoil", common=("recoil",)),
    _t("Redux", "redux toolkit", "rtk"),
    _t("RxJS"),
    _t("SWR"),
    _t("TanStack Query", "react query", "react-query", "tanstack"),
    _t("urql"),
    _t("Valibot"),
    _t("XState"),
    _t("Yup", common=("yup",)),
    _t("Zod"),
    _t("Zustand"),
    # -- styling and UI kits
    _t("Ant Design", "antd"),
    _t("Bootstrap", common=("bootstrap",)),
    _t("Bulma"),
    _t("Chakra UI", "chakra"),
    _t("CSS Modules"),
    _t("daisyUI"),
    _t("Headless UI"),
    _t("Mantine"),
    _t("Material UI", "mui", "material-ui"),
    _t("PostCSS"),
    _t("Radix UI", "radix"),
    _t("Sass", "scss"),
    _t("shadcn/ui", "shadcn", "shadcn ui"),
    _t("Styled Components", "styled-components"),
    _t("Tailwind CSS", "tailwind", "tailwindcss"),
    _t("UnoCSS"),
    # -- mobile and desktop
    _t(".NET MAUI", "dotnet maui", common=("maui",)),
    _t("Capacitor", common=("capacitor",)),
    _t("Cordova", "apache cordova"),
    _t("Electron", "electronjs", common=("electron",)),
    _t("Expo", common=("expo",)),
    _t("Flutter", common=("flutter",)),
    _t("GTK", "gtk3", "gtk4"),
    _t("Ionic", common=("ionic",)),
    _t("Jetpack Compose"),
    _t("Kotlin Multiplatform", "kmm"),
    _t("NativeScript"),
    _t("Qt", "pyqt", "pyside"),
    _t("React Native", "react-native"),
    _t("SwiftUI"),
    _t("Tauri"),
    _t("UIKit"),
    _t("Wails"),
    _t("Windows Forms"),
    _t("WinUI"),
    _t("WPF"),
    _t("Xamarin"),
    # -- back-end frameworks and runtimes
    _t(".NET", "dotnet", ".net core"),
    _t("Actix", "actix-web"),
    _t("AdonisJS", "adonis.js"),
    _t("aiohttp"),
    _t("ASP.NET", "asp.net core"),
    _t("Axum"),
    _t("Bun", "bun.sh", "bunjs", common=("bun",)),
    _t("CodeIgniter"),
    _t("Deno"),
    _t("Django", "django rest framework", "drf"),
    _t("Elysia", "elysiajs"),
    _t("Express", "express.js", "expressjs", common=("express",)),
    _t("FastAPI", "fast api"),
    _t("Fastify"),
    _t("Flask"),
    _t("Gin", common=("gin",)),
    _t("GraalVM"),
    _t("Gunicorn"),
    _t("Hanami"),
    _t("hapi", "hapi.js", "hapijs"),
    _t("Hono"),
    _t("Jakarta EE", "java ee", "j2ee"),
    _t("Jinja", "jinja2"),
    _t("JVM"),
    _t("Koa"),
    _t("Ktor"),
    _t("Laravel"),
    _t("Litestar"),
    _t("Meteor", common=("meteor",)),
    _t("Micronaut"),
    _t("NestJS", "nest.js", "nestjs"),
    _t("Node.js", "nodejs", "node js", common=("node",)),
    _t("Phoenix", common=("phoenix",)),
    _t("Phoenix LiveView", "liveview"),
    _t("Play Framework"),
    _t("Pydantic", common=("pydantic",)),
    _t("Pyodide"),
    _t("Quarkus"),
    _t("Rocket", "rocket.rs", common=("rocket",)),
    _t("Ruby on Rails", "rails", "ror", common=("rails",)),
    _t("Serde"),
    _t("SignalR", common=("signalr",)),
    _t("Sinatra", common=("sinatra",)),
    _t("Socket.IO", "socketio"),
    _t("Spring", common=("spring",)),
    _t("Spring Boot", "springboot"),
    _t("Starlette"),
    _t("Symfony"),
    _t("Tokio"),
    _t("Tomcat", "apache tomcat"),
    _t("Tornado", common=("tornado",)),
    _t("Uvicorn"),
    _t("Vapor", common=("vapor",)),
    # -- databases, ORMs, search and queues
    _t("ActiveMQ", "apache activemq"),
    _t("ActiveRecord", "active record"),
    _t("Alembic"),
    _t("Algolia"),
    _t("Amazon SNS", "aws sns"),
    _t("Amazon SQS", "aws sqs", "sqs"),
    _t("Apache Pulsar"),
    _t("Appwrite"),
    _t("BigQuery"),
    _t("Bigtable", "cloud bigtable"),
    _t("BullMQ"),
    _t("Cassandra", common=("cassandra",)),
    _t("Celery", common=("celery",)),
    _t("Chroma", "chromadb", common=("chroma",)),
    _t("ClickHouse"),
    _t("Cloud SQL", "google cloud sql"),
    _t("CockroachDB"),
    _t("Convex", common=("convex",)),
    _t("Cosmos DB", "cosmosdb", "azure cosmos db"),
    _t("Couchbase"),
    _t("CouchDB"),
    _t("Diesel", common=("diesel",)),
    _t("Django ORM"),
    _t("Doctrine", "doctrine orm", common=("doctrine",)),
    _t("Drizzle", "drizzle orm", common=("drizzle",)),
    _t("DuckDB"),
    _t("DynamoDB", "dynamo db"),
    _t("Ecto"),
    _t("Elasticsearch", "elastic search"),
    _t("Eloquent", "eloquent orm", common=("eloquent",)),
    _t("Entity Framework", "entity framework core", "ef core"),
    _t("etcd"),
    _t("FAISS"),
    _t("Firebase"),
    _t("Firestore"),
    _t("Flyway"),
    _t("Google Pub/Sub", "gcp pub/sub", "cloud pub/sub"),
    _t("GORM"),
    _t("Hasura"),
    _t("Hibernate", common=("hibernate",)),
    _t("IndexedDB", "indexed db"),
    _t("InfluxDB"),
    _t("Kafka", "apache kafka"),
    _t("Kinesis", "amazon kinesis", "aws kinesis"),
    _t("Knex", "knex.js", "knexjs"),
    _t("Kysely"),
    _t("Liquibase"),
    _t("MariaDB"),
    _t("Meilisearch"),
    _t("Memcached", "memcache"),
    _t("MikroORM"),
    _t("Milvus"),
    _t("MongoDB", "mongo", "mongodb atlas"),
    _t("Mongoose", common=("mongoose",)),
    _t("MySQL"),
    _t("NATS", "nats.io"),
    _t("Neo4j"),
    _t("Neon", "neon.tech", "neondb", common=("neon",)),
    _t("OpenSearch"),
    _t("Oracle Database", "oracle db"),
    _t("pgvector"),
    _t("Pinecone"),
    _t("PlanetScale"),
    _t("PocketBase"),
    _t("PostGIS"),
    _t("PostgreSQL", "postgres", "postgresql", "psql"),
    _t("Prisma", "prisma orm"),
    _t("Qdrant"),
    _t("RabbitMQ"),
    _t("Redis"),
    _t("Redpanda"),
    _t("Redshift", "amazon redshift", "aws redshift"),
    _t("RocksDB"),
    _t("ScyllaDB"),
    _t("Sequelize"),
    _t("Sidekiq"),
    _t("Snowflake", common=("snowflake",)),
    _t("Solr", "apache solr"),
    _t("Spanner", "cloud spanner", "google spanner", common=("spanner",)),
    _t("SQL Server", "mssql", "ms sql", "microsoft sql server"),
    _t("SQLAlchemy"),
    _t("SQLite", "sqlite3"),
    _t("SQLModel"),
    _t("SQLx"),
    _t("Supabase"),
    _t("SurrealDB"),
    _t("Temporal", "temporal.io", common=("temporal",)),
    _t("TimescaleDB"),
    _t("Trino"),
    _t("Turso", "libsql"),
    _t("TypeORM"),
    _t("Typesense"),
    _t("Upstash"),
    _t("Valkey"),
    _t("Vitess"),
    _t("Weaviate"),
    _t("ZeroMQ", "zmq"),
    # -- APIs and protocols
    _t("GraphQL"),
    _t("gRPC"),
    _t("JWT", "json web token", "json web tokens", "jwts"),
    _t("LSP", "language server protocol"),
    _t("MCP", "model context protocol"),
    _t("MQTT"),
    _t("OAuth", "oauth2", "oauth 2.0"),
    _t("OpenAPI", "swagger"),
    _t("OpenID Connect", "oidc"),
    _t("Protocol Buffers", "protobuf", "protobufs"),
    _t("SAML"),
    _t("Server-Sent Events"),
    _t("tRPC"),
    _t("WebRTC"),
    _t("WebSockets", "websocket", "web sockets"),
    # -- testing
    _t("Appium"),
    _t("Capybara", common=("capybara",)),
    _t("Catch2"),
    _t("Chai", common=("chai",)),
    _t("Codecov"),
    _t("Cucumber", common=("cucumber",)),
    _t("Cypress"),
    _t("Enzyme", common=("enzyme",)),
    _t("GoogleTest", "gtest", "google test"),
    _t("Hypothesis", common=("hypothesis",)),
    _t("Jasmine", common=("jasmine",)),
    _t("Jest", common=("jest",)),
    _t("JMeter", "apache jmeter"),
    _t("JUnit"),
    _t("k6", "grafana k6"),
    _t("Locust", common=("locust",)),
    _t("Minitest"),
    _t("Mocha", common=("mocha",)),
    _t("Mockito"),
    _t("MSW", "mock service worker"),
    _t("NUnit"),
    _t("Pest", common=("pest",)),
    _t("PHPUnit"),
    _t("Playwright"),
    _t("Puppeteer", common=("puppeteer",)),
    _t("Pytest", "py.test"),
    _t("Robot Framework"),
    _t("RSpec"),
    _t("Selenium"),
    _t("Sinon", "sinon.js", "sinonjs"),
    _t("Storybook", common=("storybook",)),
    _t("Testcontainers"),
    _t("Testing Library", "react testing library", "@testing-library"),
    _t("TestNG", common=("testng",)),
    _t("tox"),
    _t("unittest"),
    _t("Vitest"),
    _t("WebdriverIO", "wdio"),
    _t("xUnit", "xunit.net"),
    # -- build tools, package managers, linters
    _t("Apache Ant"),
    _t("apt", "apt-get", common=("apt",)),
    _t("asdf", common=("asdf",)),
    _t("AUR", "arch user repository"),
    _t("Babel", common=("babel",)),
    _t("Bazel"),
    _t("Biome", "biomejs"),
    _t("Black", common=("black",)),
    _t("Bundler", common=("bundler",), strict=True),
    _t("Cargo", common=("cargo",)),
    _t("Chocolatey", common=("choco", "chocolatey")),
    _t("clang-format"),
    _t("clang-tidy"),
    _t("Clippy", "cargo clippy", "rust-clippy"),
    _t("CMake"),
    _t("CocoaPods"),
    _t("Composer", common=("composer",)),
    _t("Conan", common=("conan",)),
    _t("conda", "anaconda", "miniconda", "miniforge"),
    _t("dnf"),
    _t("esbuild"),
    _t("ESLint"),
    _t("Flake8"),
    _t("Flatpak"),
    _t("gofmt", "go fmt"),
    _t("golangci-lint"),
    _t("Gradle"),
    _t("Grunt", common=("grunt",)),
    _t("Gulp", common=("gulp",)),
    _t("Hatch", common=("hatch",)),
    _t("Homebrew", "linuxbrew", common=("brew",)),
    _t("Husky", common=("husky",)),
    _t("isort"),
    _t("ktlint"),
    _t("Lerna"),
    _t("lint-staged"),
    _t("Make", "gnu make", "makefile", "makefiles", common=("make",), strict=True),
    _t("Maven", common=("maven",)),
    _t("mise", common=("mise",)),
    _t("MSBuild"),
    _t("mypy"),
    _t("Ninja", common=("ninja",)),
    _t("Nix", "nixpkgs", "nix flakes", common=("nix",)),
    _t("npm"),
    _t("NuGet"),
    _t("nvm"),
    _t("Nx"),
    _t("Oxlint"),
    _t("pacman", common=("pacman",)),
    _t("Parcel", common=("parcel",)),
    _t("PDM"),
    _t("PHPStan"),
    _t("pip", "pip3"),
    _t("pipenv"),
    _t("pipx"),
    _t("pnpm"),
    _t("Poetry", common=("poetry",)),
    _t("Prettier", common=("prettier",)),
    _t("pyenv"),
    _t("Pylint"),
    _t("Pyright"),
    _t("rbenv"),
    _t("Rollup", "rollup.js"),
    _t("Rspack"),
    _t("RuboCop"),
    _t("RubyGems"),
    _t("Ruff"),
    _t("rustfmt", "cargo fmt"),
    _t("rustup"),
    _t("sbt"),
    _t("Scoop", common=("scoop",)),
    _t("SDKMAN", "sdkman!"),
    _t("setuptools"),
    _t("ShellCheck", common=("shellcheck",)),
    _t("SonarQube", "sonarcloud", "sonarlint"),
    _t("Stylelint"),
    _t("SWC"),
    _t("Swift Package Manager", "swiftpm"),
    _t("SwiftLint"),
    _t("tsup"),
    _t("Turbopack"),
    _t("Turborepo", "turbo repo"),
    _t("uv", common=("uv",)),
    _t("vcpkg"),
    _t("Vite", "vitejs"),
    _t("Volta", common=("volta",)),
    _t("Webpack"),
    _t("winget"),
    _t("Yarn", common=("yarn",)),
    # -- cloud and hosting
    _t("AKS", "azure kubernetes service"),
    _t("Amazon ECS", "aws ecs", "elastic container service"),
    _t("Amazon RDS", "aws rds", "rds"),
    _t("App Engine", "google app engine"),
    _t("AWS", "amazon web services"),
    _t("AWS Amplify"),
    _t("AWS Lambda", "lambda functions"),
    _t("AWS Step Functions", "step functions"),
    _t("Azure", "microsoft azure"),
    _t("Azure Blob Storage", "azure blob"),
    _t("Azure Functions"),
    _t("Cloud Run", "google cloud run"),
    _t("Cloudflare", "cloudflare workers"),
    _t("Cloudflare R2"),
    _t("CloudFront", "amazon cloudfront", "aws cloudfront"),
    _t("Coolify"),
    _t("Deno Deploy"),
    _t("DigitalOcean", "digital ocean"),
    _t("Dokku"),
    _t("EC2", "amazon ec2", "aws ec2"),
    _t("ECR", "amazon ecr", "aws ecr"),
    _t("EKS", "amazon eks", "aws eks", "elastic kubernetes service"),
    _t("Elastic Beanstalk", "aws elastic beanstalk"),
    _t("EventBridge", "amazon eventbridge", "aws eventbridge"),
    _t("Fargate", "aws fargate"),
    _t("Fastly"),
    _t("Fly.io", "flyio"),
    _t("GCP", "google cloud", "google cloud platform"),
    _t("GitHub Pages", "gh pages", "gh-pages"),
    _t("GKE", "google kubernetes engine"),
    _t("Google Cloud Functions", "gcp cloud functions"),
    _t("Google Cloud Storage", "gcs"),
    _t("Heroku"),
    _t("Hetzner", "hetzner cloud"),
    _t("Lightsail", "amazon lightsail", "aws lightsail"),
    _t("Linode"),
    _t("Netlify"),
    _t("Oracle Cloud", "oracle cloud infrastructure"),
    _t("OVHcloud", "ovh"),
    _t("Railway", "railway.app", common=("railway",)),
    _t("Render", "render.com", common=("render",), strict=True),
    _t("Route 53", "route53", "amazon route 53"),
    _t("S3", "aws s3", "amazon s3"),
    _t("Vercel"),
    _t("Vultr"),
    # -- DevOps and infrastructure
    _t("Ansible"),
    _t("Apache HTTP Server", "apache httpd", "httpd", "apache2"),
    _t("Argo CD", "argocd"),
    _t("AWS CDK", "cdk"),
    _t("Azure DevOps", "azure pipelines"),
    _t("Bitbucket Pipelines"),
    _t("Buildkite"),
    _t("Caddy", "caddyserver", common=("caddy",)),
    _t("Chef", "chef infra", common=("chef",)),
    _t("CircleCI"),
    _t("CloudFormation", "aws cloudformation"),
    _t("CloudWatch", "amazon cloudwatch", "aws cloudwatch"),
    _t("Colima"),
    _t("Consul", "hashicorp consul", common=("consul",)),
    _t("Datadog"),
    _t("Dependabot"),
    _t("Docker", "dockerfile"),
    _t("Docker Compose", "docker-compose"),
    _t("Docker Desktop"),
    _t("Docker Swarm"),
    _t("Envoy", "envoy proxy", common=("envoy",)),
    _t("Flux", "fluxcd", "flux cd", common=("flux",)),
    _t("GitHub Actions", "gh actions"),
    _t("GitLab CI", "gitlab ci/cd", "gitlab-ci"),
    _t("Grafana"),
    _t("HAProxy"),
    _t("HashiCorp Vault"),
    _t("Helm", common=("helm",)),
    _t("Hyper-V"),
    _t("Istio"),
    _t("Jaeger", common=("jaeger",)),
    _t("Jenkins", common=("jenkins",)),
    _t("k3s"),
    _t("Kamal"),
    _t("Kibana"),
    _t("Kubernetes", "k8s", "kube"),
    _t("Kustomize", common=("kustomize",)),
    _t("Let's Encrypt", "letsencrypt", "certbot"),
    _t("Logstash"),
    _t("minikube"),
    _t("New Relic", "newrelic"),
    _t("Nginx"),
    _t("ngrok"),
    _t("Nomad", "hashicorp nomad", common=("nomad",)),
    _t("OpenShift"),
    _t("OpenTelemetry", "otel", "open telemetry"),
    _t("OpenTofu"),
    _t("OrbStack"),
    _t("Packer", "hashicorp packer", common=("packer",)),
    _t("PagerDuty"),
    _t("Podman"),
    _t("Prometheus", common=("prometheus",)),
    _t("Proxmox"),
    _t("Pulumi"),
    _t("Puppet", common=("puppet",)),
    _t("QEMU"),
    _t("Rancher", common=("rancher",)),
    _t("Renovate", "renovatebot", "renovate bot", common=("renovate",)),
    _t("SaltStack"),
    _t("Sentry", common=("sentry",)),
    _t("Serverless Framework"),
    _t("Splunk"),
    _t("Tailscale"),
    _t("TeamCity"),
    _t("Tekton"),
    _t("Terraform"),
    _t("Terragrunt"),
    _t("Traefik"),
    _t("Travis CI", "travis-ci", common=("travis",)),
    _t("Vagrant", common=("vagrant",)),
    _t("VirtualBox"),
    _t("VMware"),
    _t("WireGuard"),
    # -- version control and code hosting
    _t("Bitbucket"),
    _t("Gerrit"),
    _t("Git"),
    _t("Git LFS"),
    _t("Gitea"),
    _t("GitHub"),
    _t("GitHub CLI", "gh cli"),
    _t("GitHub Desktop"),
    _t("GitKraken"),
    _t("GitLab"),
    _t("Jujutsu", common=("jujutsu",)),
    _t("Mercurial"),
    _t("Perforce"),
    _t("Subversion", "svn"),
    # -- operating systems and desktops
    _t("AeroSpace", common=("aerospace",)),
    _t("AlmaLinux", "alma linux"),
    _t("Alpine Linux"),
    _t("Android"),
    _t("Arch Linux", "archlinux", common=("arch",)),
    _t("AwesomeWM", "awesome wm"),
    _t("bspwm"),
    _t("CentOS"),
    _t("ChromeOS", "chrome os"),
    _t("Debian"),
    _t("EndeavourOS"),
    _t("Fedora", common=("fedora",)),
    _t("FreeBSD"),
    _t("Gentoo"),
    _t("GNOME", common=("gnome",)),
    _t("Hyprland"),
    _t("i3", "i3wm", common=("i3",)),
    _t("iOS"),
    _t("iPadOS"),
    _t("Kali Linux"),
    _t("KDE Plasma", "kde"),
    _t("Linux"),
    _t("Linux Mint"),
    _t("macOS", "mac os", "osx"),
    _t("Manjaro"),
    _t("NixOS"),
    _t("OpenBSD"),
    _t("openSUSE", "suse"),
    _t("Pop!_OS", "pop_os", "pop os", "popos"),
    _t("Qtile"),
    _t("Raspberry Pi OS", "raspbian"),
    _t("RHEL", "red hat enterprise linux", "red hat linux"),
    _t("Rocky Linux"),
    _t("sway", "swaywm", common=("sway",)),
    _t("Ubuntu"),
    _t("Wayland"),
    _t("Windows", common=("windows",)),
    _t("WSL", "wsl2"),
    _t("X11", "xorg"),
    _t("Xfce"),
    _t("xmonad"),
    _t("yabai"),
    # -- terminals, shells and command-line tools
    _t("Alacritty"),
    _t("chezmoi"),
    _t("curl", common=("curl",)),
    _t("Cygwin"),
    _t("direnv"),
    _t("eza", "exa"),
    _t("fish", "fish shell", "fishshell", common=("fish",)),
    _t("fzf"),
    _t("Ghostty"),
    _t("Git Bash"),
    _t("GNU Screen"),
    _t("htop"),
    _t("HTTPie"),
    _t("iTerm2", "iterm"),
    _t("jq"),
    _t("kitty", "kitty terminal", common=("kitty",)),
    _t("lazygit"),
    _t("MSYS2"),
    _t("Nushell", "nu shell"),
    _t("Oh My Zsh", "ohmyzsh"),
    _t("Powerlevel10k", "p10k"),
    _t("ripgrep"),
    _t("Starship", "starship.rs", "starship prompt", common=("starship",)),
    _t("tmux"),
    _t("Warp", "warp terminal", "warp.dev", common=("warp",)),
    _t("WezTerm"),
    _t("wget"),
    _t("Windows Terminal"),
    _t("Zellij"),
    _t("zoxide"),
    _t("zsh", "z shell"),
    # -- editors and tools
    _t("Android Studio"),
    _t("Atom", "atom editor", common=("atom",)),
    _t("CLion"),
    _t("Confluence", common=("confluence",)),
    _t("Cursor", "cursor ide", "cursor editor", "cursor ai", common=("cursor",)),
    _t("DataGrip"),
    _t("DBeaver"),
    _t("Discord", common=("discord",)),
    _t("Doom Emacs"),
    _t("Eclipse", "eclipse ide", common=("eclipse",)),
    _t("Emacs"),
    _t("Figma"),
    _t("GoLand"),
    _t("Helix", "helix editor", common=("helix",)),
    _t("IntelliJ IDEA", "intellij"),
    _t("JetBrains", "jetbrains ide", "jetbrains ides"),
    _t("Jira"),
    _t("lazy.nvim"),
    _t("LazyVim"),
    _t("Nano", "gnu nano", common=("nano",)),
    _t("Neovim", "nvim"),
    _t("NetBeans", "apache netbeans"),
    _t("Notepad++"),
    _t("Notion", common=("notion",)),
    _t("packer.nvim"),
    _t("pgAdmin"),
    _t("PhpStorm"),
    _t("Postman", common=("postman",)),
    _t("PyCharm"),
    _t("Raycast"),
    _t("Rider", "jetbrains rider", common=("rider",)),
    _t("RStudio", common=("rstudio",)),
    _t("RubyMine"),
    _t("RustRover"),
    _t("Slack", common=("slack",)),
    _t("Spacemacs"),
    _t("Sublime Text", common=("sublime",)),
    _t("TablePlus"),
    _t("Telescope", "telescope.nvim", common=("telescope",)),
    _t("Tree-sitter", "treesitter", "nvim-treesitter"),
    _t("Trello"),
    _t("Vim"),
    _t("vim-plug"),
    _t("Visual Studio"),
    _t("VS Code", "vscode", "visual studio code", "vs code"),
    _t("VSCodium"),
    _t("WebStorm"),
    _t("Windsurf", common=("windsurf",)),
    _t("Xcode"),
    _t("Zed", "zed editor", "zed.dev", common=("zed",)),
    # -- data and machine learning
    _t("Airflow", "apache airflow", common=("airflow",)),
    _t("Amazon Bedrock", "aws bedrock"),
    _t("Anthropic API", "anthropic", "anthropic sdk"),
    _t("CrewAI"),
    _t("Dagster"),
    _t("Dask"),
    _t("Databricks"),
    _t("dbt", "dbt core"),
    _t("DSPy"),
    _t("Flink", "apache flink"),
    _t("Google Colab", "colab"),
    _t("Gradio"),
    _t("Hadoop", "apache hadoop"),
    _t("Hugging Face", "huggingface", "hugging face transformers"),
    _t("JAX"),
    _t("Jupyter", "jupyter notebooks", "jupyterlab"),
    _t("Keras"),
    _t("LangChain"),
    _t("LangGraph"),
    _t("LangSmith"),
    _t("LightGBM"),
    _t("llama.cpp"),
    _t("LlamaIndex"),
    _t("LM Studio"),
    _t("Matplotlib"),
    _t("Metabase"),
    _t("MLflow"),
    _t("NLTK"),
    _t("NumPy"),
    _t("Ollama"),
    _t("ONNX", "onnx runtime", "onnxruntime"),
    _t("OpenAI API", "openai"),
    _t("OpenCV", "cv2"),
    _t("pandas", common=("pandas",)),
    _t("Plotly"),
    _t("Polars", common=("polars",)),
    _t("Power BI"),
    _t("Prefect", common=("prefect",)),
    _t("PyTorch", "torch", common=("torch",)),
    _t("SageMaker", "amazon sagemaker", "aws sagemaker"),
    _t("scikit-learn", "sklearn", "scikit learn"),
    _t("SciPy"),
    _t("Seaborn"),
    _t("spaCy"),
    _t("Spark", "apache spark", "pyspark", common=("spark",)),
    _t("Streamlit"),
    _t("Tableau", common=("tableau",)),
    _t("TensorFlow"),
    _t("Vertex AI"),
    _t("vLLM"),
    _t("Weights & Biases", "wandb", "w&b"),
    _t("XGBoost"),
    # -- AI assistants
    _t("ChatGPT", "chat gpt"),
    _t("Claude", "claude.ai", common=("claude",)),
    _t("Claude Code"),
    _t("Gemini", "google gemini", common=("gemini",)),
    _t("GitHub Copilot", common=("copilot",)),
    # -- games and graphics
    _t("Babylon.js"),
    _t("Bevy", common=("bevy",)),
    _t("DirectX", "direct3d", common=("directx",)),
    _t("Godot", "godot engine"),
    _t("OpenGL"),
    _t("Pygame"),
    _t("raylib"),
    _t("SDL", "sdl2", "sdl3"),
    _t("Unity", "unity3d", common=("unity",)),
    _t("Unreal Engine", "ue4", "ue5", common=("unreal",)),
    _t("Vulkan"),
    _t("WebGL"),
    _t("WebGPU"),
    # -- auth and payments
    _t("Amazon Cognito", "aws cognito", "cognito"),
    _t("Auth0"),
    _t("Better Auth", "better-auth"),
    _t("Braintree"),
    _t("Clerk", common=("clerk",)),
    _t("Keycloak"),
    _t("Lemon Squeezy", "lemonsqueezy"),
    _t("NextAuth", "next-auth", "auth.js"),
    _t("Okta"),
    _t("Paddle", common=("paddle",)),
    _t("Passport.js"),
    _t("PayPal"),
    _t("Stripe", common=("stripe",)),
    _t("WorkOS"),
    # -- email, messaging and analytics
    _t("Amazon SES", "aws ses"),
    _t("Cloudinary"),
    _t("Google Analytics"),
    _t("LaunchDarkly"),
    _t("Mailchimp"),
    _t("Mailgun"),
    _t("Mixpanel"),
    _t("PostHog"),
    _t("Postmark", common=("postmark",)),
    _t("Resend", common=("resend",)),
    _t("SendGrid"),
    _t("Twilio"),
    # -- content management and e-commerce
    _t("Contentful"),
    _t("Drupal"),
    _t("Magento", common=("magento",)),
    _t("Payload CMS"),
    _t("Sanity", "sanity.io", common=("sanity",)),
    _t("Shopify"),
    _t("Strapi"),
    _t("Webflow"),
    _t("WooCommerce"),
    _t("WordPress"),
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
    shell terminal editor ide distro database db orm cluster worker workers queue task
    tasks pipeline pipelines extension extensions formatter linter install
    """)
)
# Words before a common word that mark it as a technology ("using rust", "with express").
_PREV_CUES: Final = frozenset(
    _wordlist("""
    using use uses with learning learn learned know knows switched migrated run runs
    running install installed installing via
    """)
)
# "written in go", "coded in rust": a verb, then "in".
_IN_CUES: Final = frozenset(
    _wordlist("""
    written write writing wrote coded code coding programming program programmed built
    build building developed develop developing implemented implement rewrite rewrote
    rewritten experienced experience fluent proficient
    """)
)
# "deployed on railway", "switched to fish": a verb, then "on" or "to".
_ON_CUES: Final = frozenset(
    _wordlist("""
    deploy deployed deploying deploys host hosted hosting run runs running switch
    switched switching migrate migrated migrating move moved moving
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
                kind = "strict" if tech.strict else "common"
            else:
                kind = "plain"
            kinds.setdefault(key, (tech.name, kind))
    # Grouped by first character, so each position tries one group, not every alias.
    groups: dict[str, list[str]] = {}
    for alias in sorted(kinds, key=len, reverse=True):
        part = r"[\s-]+".join(re.escape(word) for word in alias.split(" "))
        groups.setdefault(alias[0], []).append(part)
    alternation = "|".join(
        f"(?={re.escape(first)})(?:{'|'.join(parts)})" for first, parts in groups.items()
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
    if len(before) < 2:
        return False
    prep, verb = before[-1].casefold(), before[-2].casefold()
    return (prep == "in" and verb in _IN_CUES) or (prep in ("on", "to") and verb in _ON_CUES)


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
        if kind == "strict":  # rule 1 only: never through cues or a neighbour
            if capitalised and not initial:
                candidates.append((mention, True))
            continue
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
