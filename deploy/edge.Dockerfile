# syntax=docker/dockerfile:1
#
# The edge (theme-server): themed index.html, hashed assets, brand files, /api and socket.io proxy,
# brand administration under /edge. Build from the repository root:
#
#   docker build -f deploy/edge.Dockerfile -t fleetport/edge .
#
# Node 24 runs the servers' TypeScript directly (type stripping), so only the web console is built.

# ---- deps: every workspace's dependencies, dev included, for the web build --------------------
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY api/package.json api/
COPY theme-server/package.json theme-server/
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# ---- build: the console's static files (web/dist, precompressed) ------------------------------
FROM deps AS build
COPY tsconfig*.json ./
COPY contracts contracts
COPY theme-server theme-server
COPY web web
RUN npm run build -w @fleetport/web

# ---- runtime: production dependencies of the edge only, run as the unprivileged node user -----
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    BRANDS_DIR=/app/themes
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY theme-server/package.json theme-server/
# The lock file names every workspace, so npm wants each workspace's package.json to be present.
COPY api/package.json api/
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund --ignore-scripts \
      --workspace @fleetport/theme-server --workspace @fleetport/contracts --include-workspace-root=false
COPY contracts/src contracts/src
COPY theme-server/src theme-server/src
COPY --from=build /app/web/dist web/dist
# The brands are the one thing the edge writes (brand administration API), so node owns them.
COPY --chown=node:node themes themes
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/edge/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "theme-server/src/main.ts"]
