# syntax=docker/dockerfile:1
#
# The device simulator (device-sim) as docker-compose.yml's `devices` service: a fleet of
# simulated routers that connect to the broker over MQTT over TLS, as real units do. The same
# image runs the `first-start` service (device-sim/src/first-start.ts): the broker's certificate
# and admin, and the fleet's manifest, made once. Build from the repository root:
#
#   docker build -f deploy/devices.Dockerfile -t fleetport/devices .

# ---- deps: production dependencies of the simulator and contracts only ------------------------
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The lock file names every workspace, so npm wants each workspace's package.json to be present.
COPY contracts/package.json contracts/
COPY api/package.json api/
COPY theme-server/package.json theme-server/
COPY web/package.json web/
COPY device-sim/package.json device-sim/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund \
      --workspace @fleetport/device-sim --workspace @fleetport/contracts --include-workspace-root=false

# ---- runtime: the sources and those dependencies, run as the unprivileged node user ----------
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    SIM_STATUS_FILE=/tmp/fleet-status.json
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY contracts/package.json contracts/
COPY device-sim/package.json device-sim/
COPY contracts/src contracts/src
COPY device-sim/src device-sim/src
# Mount points of the compose volumes, owned by node so that new named volumes are too: the
# broker's certificates and data (written once by first-start), the CA's key, the fleet manifest.
RUN mkdir -p /broker/certs /broker/data /pki /fleet && chown -R node:node /broker /pki /fleet
USER node
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "device-sim/src/healthcheck.ts"]
CMD ["node", "device-sim/src/main.ts"]
