import {
  declineAllInteractions,
  type InteractionHandlers,
} from '../../services/mcp/session/InteractionHandlers';

/**
 * Unattended answers for the conformance client, where nobody is there to fill in a form.
 * A form is accepted with nothing filled in: the session declares
 * `elicitation.form.applyDefaults`, so the SDK completes the answer with the schema's defaults,
 * which is what the suite checks. URL mode needs a browser and consent, so it is declined;
 * sampling needs a model and a reviewer, so it is refused the way a person would refuse it.
 */
export const conformanceHandlers: InteractionHandlers = {
  elicitation: (request) =>
    Promise.resolve(
      request.params.mode === 'url' ? { action: 'decline' } : { action: 'accept', content: {} },
    ),
  sampling: (request, ctx) => declineAllInteractions.sampling(request, ctx),
  roots: (ctx) => declineAllInteractions.roots(ctx),
};
