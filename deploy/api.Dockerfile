# syntax=docker/dockerfile:1
#
# The management API (REST under /api; realtime and the device gateway join in later issues).
# It sits behind the edge and is never published directly. Build from the repository root:
#
#   docker build -f deploy/api.Dockerfile -t fleetport/api .
#
# Node 24 runs the TypeScript directly (type stripping): nothing to compile.

# ---- deps: production dependencies of the API and contracts only ------------------------------
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The lock file names every workspace, so npm wants each workspace's package.json to be present.
COPY contracts/package.json contracts/
COPY api/package.json api/
COPY theme-server/package.json theme-server/
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund \
      --workspace @fleetport/api --workspace @fleetport/contracts --include-workspace-root=false

# ---- runtime: the sources and those dependencies, run as the unprivileged node user ----------
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    API_PORT=3000 \
    API_HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY contracts/package.json contracts/
COPY api/package.json api/
COPY contracts/src contracts/src
COPY api/src api/src
COPY api/migrations api/migrations
# PGlite keeps its data here when DATABASE_URL is not set (one API replica only). /data/files
# exists in the image so that a new named volume mounted there is created owned by node.
RUN mkdir -p /data/files && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.API_PORT||3000)+'/api/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "api/src/main.ts"]
