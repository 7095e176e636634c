FROM node:20-bookworm-slim
RUN npm install -g pnpm@12.21.0
WORKDIR /app
COPY . .
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN pnpm install --frozen-lockfile && pnpm --filter @receptoria/web build
EXPOSE 3000
CMD ["pnpm", "start"]
