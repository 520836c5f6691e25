# The Mailpit stand-in (scripts/container/mailpit-stand-in.ts), built by scripts/container-check.sh from a context
# holding its files at their repository paths, under Mailpit's pinned tag when that image cannot be pulled.
FROM node:24-bookworm-slim
# The version package.json pins for the tests' SMTP server.
ARG SMTP_SERVER_VERSION
WORKDIR /opt/mailpit
RUN echo '{"private":true,"type":"module"}' > package.json \
 && npm install --no-save --no-package-lock --no-audit --no-fund "smtp-server@${SMTP_SERVER_VERSION:?}" \
 && npm cache clean --force \
 && printf '#!/bin/sh\nexec node /opt/mailpit/scripts/container/mailpit-stand-in.ts "$@"\n' > /mailpit \
 && chmod 755 /mailpit
COPY tests/support/smtp.ts tests/support/system.ts ./tests/support/
COPY scripts/container/mailpit-stand-in.ts ./scripts/container/
USER node
EXPOSE 1025 8025
HEALTHCHECK --interval=5s --timeout=3s CMD ["/mailpit", "readyz"]
ENTRYPOINT ["/mailpit"]
