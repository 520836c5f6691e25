# syntax=docker/dockerfile:1

# Build: install everything, build the client and server bundles.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The npm cache is kept between builds (not in the image), so a changed lock file downloads only what changed.
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only. `npm ci --omit=dev` still installs TypeScript and its native compiler (31 MB),
# because @react-router/node and @react-router/express name it as an optional peer; nothing loads it at run time
# (Node strips the server's types itself), so it goes, with what no running program reads: type declarations,
# source maps, TypeScript sources (Node never runs .ts inside node_modules) and Markdown other than licences.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/typescript node_modules/@typescript \
 && find node_modules -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' \
      -o -name '*.tsbuildinfo' -o \( -name '*.md' ! -iname 'licen[cs]e*' \) \) -delete

# Runtime: the built site, the server source (Node 24 runs it directly) and the embedded content store, all owned
# by root so the `node` user that runs the site cannot change them; only /data (the outbox) is its own.
FROM node:24-bookworm-slim AS runtime
# The build shown on /status and in site_build_info: docker build --build-arg BUILD_VERSION=… --build-arg BUILD_COMMIT=…
ARG BUILD_VERSION=
ARG BUILD_COMMIT=
# Memory: a V8 heap of at most 304 MB (256 old, 3 x 16 young) and two malloc arenas instead of one per thread
# (libvips and libuv threads each kept their own), wherever the image runs (docs/performance.md, "Resource use").
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=16" \
    MALLOC_ARENA_MAX=2 \
    BUILD_VERSION=$BUILD_VERSION \
    BUILD_COMMIT=$BUILD_COMMIT
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY server ./server
COPY src ./src
COPY content ./content
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server/main.ts"]
