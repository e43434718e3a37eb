import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, unprocessable } from './auth-error';
import type { AuthDeps } from './auth-deps';
import { authenticate } from './authenticate';

/**
 * What GoTrue answers for the sign-in methods this server does not offer, so supabase-js reports them by name rather
 * than as "Not Found": SAML SSO (`requireSAMLEnabled`: 404 saml_provider_disabled), manual identity linking
 * (`requireManualLinkingEnabled`, after authentication: 404 manual_linking_disabled) and Web3 sign-in
 * (`Web3Grant`: 422 web3_provider_disabled, see token-handler).
 */
export function registerDisabledProviders(app: FastifyInstance, deps: AuthDeps) {
  const samlDisabled = async () => {
    throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
  };
  app.post('/sso', samlDisabled);
  app.all('/sso/saml/*', samlDisabled);
  const manualLinkingDisabled = async (request: FastifyRequest, _reply: FastifyReply) => {
    await authenticate(request, deps);
    throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  };
  app.get('/user/identities/authorize', manualLinkingDisabled);
  app.delete('/user/identities/:identityId', manualLinkingDisabled);
}

export const web3Disabled = async () => {
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
};
