# One image serves the API, the realtime socket and the three web clients on one port.
FROM node:20-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@10
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
EXPOSE 3000
VOLUME ["/data"]
CMD ["node", "apps/server/dist/main.js"]
