# The Felt image: the API (the default command) and the worker (docker-compose.yml runs it with its own command).
# npm ci runs the prepare script, which builds dist/; the dev dependencies are pruned after.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY tsconfig.json tsconfig.build.json ./
COPY apps ./apps
COPY libs ./libs
COPY migrations ./migrations
COPY bin ./bin
RUN npm ci --no-audit --no-fund && npm prune --omit=dev
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["node", "dist/apps/api/src/main.js"]
