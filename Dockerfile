# The api image: one image for both roles (ROLE=serve, ROLE=project; see docker-compose.yml).
# The app runs from its TypeScript sources through tsx, as `npm start` does, and serves the
# web app built here.
FROM node:20-bookworm-slim

WORKDIR /app

# Dependencies first, so a source change does not reinstall them. Every workspace's manifest
# must be present for `npm ci` to install the workspace tree from the lockfile.
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY projections/package.json projections/
COPY api/package.json api/
COPY app-web/package.json app-web/
COPY scripts/package.json scripts/
COPY docs/package.json docs/
# Development dependencies are needed: tsx runs the server and vite builds the web app.
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build

ENV PORT=3000
EXPOSE 3000
# DATA_DIR: evidence uploads, and embedded PostgreSQL when DATABASE_URL is unset. Owned by
# the user the server runs as, so a named volume mounted here starts writable.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node

CMD ["npx", "tsx", "api/src/main.ts"]
