import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthDeps } from './auth-deps';

const PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google',
  'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch',
  'twitter', 'email', 'phone', 'zoom',
] as const;

/** GoTrue's `Settings` body: e-mail sign-in, and anonymous sign-ins when AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED is on. */
export function authSettings(autoconfirm: boolean, anonymousUsers = false) {
  return {
    external: Object.fromEntries(
      PROVIDERS.map((provider) => [provider, provider === 'email' || (provider === 'anonymous_users' && anonymousUsers)]),
    ),
    disable_signup: false,
    mailer_autoconfirm: autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

/** GET /settings */
export function settingsHandler(deps: AuthDeps) {
  const body = authSettings(deps.config.autoconfirm, deps.config.anonymousUsersEnabled);
  return async (_request: FastifyRequest, reply: FastifyReply) => reply.send(body);
}
