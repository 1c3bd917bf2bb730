# Inkproof: provided for self-hosting, not built by our CI (no container engine there).
#   docker build -t inkproof .  &&  docker run -p 3000:3000 -v inkproof-data:/data inkproof
# Build stage: every dependency (better-sqlite3 compiles when no prebuilt binary fits), then the
# web app and the compiled server, then the dev dependencies go.
FROM node:22-bookworm-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` from the lock rather than `npm ci`: see docs/decisions/005-ci-install-from-lock.md.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: the build and production node_modules, owned by root and read-only to the app;
# only /data (the SQLite file when DATABASE_URL is unset) is writable.
FROM node:22-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/server/main.js"]
