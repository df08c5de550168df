# One image serves the API, the realtime socket and the three web clients on one port (docs/deployment.md).
#
# Two stages. `build` installs the whole workspace (dev dependencies too), builds the web clients and the
# server bundle, then deploys the server package with its production dependencies only. The final stage
# holds that deployment, the web build and the PGlite template, nothing else (no sources, tests, dev
# tools or pnpm store), and runs as the unprivileged user `node` (uid 1000) of the Node image.
#
# This file was written where no Docker engine runs, so the image itself was not built there. What was
# checked: the deploy command below, then the final stage's layout (the same four folders copied into a
# scratch /app) started with its CMD as an unprivileged user, answering /api/ready, the web pages and a
# new encounter on a fresh DATA_DIR.

FROM node:20-bookworm-slim AS build
WORKDIR /src
RUN npm install -g pnpm@10
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
# tsup bundles the workspace packages (@roundkeeper/*) into dist/, so the deployment needs them injected
# as plain packages, not linked to the workspace: --prod leaves every devDependency out.
RUN pnpm --config.inject-workspace-packages=true --filter @roundkeeper/server deploy --prod /out/server

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app/server
COPY --from=build /out/server/package.json ./
COPY --from=build /out/server/node_modules ./node_modules
COPY --from=build /out/server/dist ./dist
# Migrations, applied at start (the server finds its root by them).
COPY --from=build /out/server/drizzle ./drizzle
# The empty PGlite database `pnpm build` made for this PGlite release: a new DATA_DIR is ready at once.
COPY --from=build /src/apps/server/node_modules/.cache/roundkeeper ./node_modules/.cache/roundkeeper
# The web clients, where the server looks for them (beside the server package: ../web/dist).
COPY --from=build /src/apps/web/dist /app/web/dist
# The data folder belongs to the user the server runs as; declared a volume only after, so it keeps that owner.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
CMD ["node", "dist/main.js"]
