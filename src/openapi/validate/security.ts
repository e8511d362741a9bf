import { didYouMean, didYouMeanText } from '../../diagnostics/suggest.js';
import { joinPointer } from '../../json/pointer.js';
import { isObject } from '../json.js';
import type { CheckContext } from './context.js';
import { invalidValue, missing, wrongType } from './report.js';

const SCHEME_TYPES = { '3.0': ['apiKey', 'http', 'oauth2', 'openIdConnect'], '3.1': ['apiKey', 'http', 'oauth2', 'openIdConnect', 'mutualTLS'] };
/** What each type of scheme must say, beside `type`. */
const REQUIRED: Record<string, string[]> = { apiKey: ['name', 'in'], http: ['scheme'], oauth2: ['flows'], openIdConnect: ['openIdConnectUrl'], mutualTLS: [] };

export function checkSecuritySchemes(context: CheckContext, schemes: unknown): void {
  if (schemes === undefined) return;
  if (!isObject(schemes)) return wrongType(context, '/components/securitySchemes', 'an object of security schemes');
  for (const name in schemes) {
    const scheme = schemes[name];
    const pointer = joinPointer('/components/securitySchemes', name);
    if (!isObject(scheme)) {
      wrongType(context, pointer, 'a security scheme object');
      continue;
    }
    if (typeof scheme.$ref === 'string') continue;
    const type = scheme.type;
    if (typeof type !== 'string') {
      missing(
        context,
        pointer,
        `The security scheme ${JSON.stringify(name)} has no \`type\`.`,
        `Set \`type\` to one of ${SCHEME_TYPES[context.version].join(', ')}.`,
      );
      continue;
    }
    if (!SCHEME_TYPES[context.version].includes(type)) {
      invalidValue(context, joinPointer(pointer, 'type'), type, SCHEME_TYPES[context.version], `The type of security scheme ${JSON.stringify(name)},`);
      continue;
    }
    for (const key of REQUIRED[type] ?? []) {
      if (scheme[key] === undefined)
        missing(
          context,
          pointer,
          `The ${type} security scheme ${JSON.stringify(name)} has no \`${key}\`.`,
          `Add \`${key}\`; the playground needs it to send credentials.`,
        );
    }
    if (type === 'apiKey' && typeof scheme.in === 'string' && !['header', 'query', 'cookie'].includes(scheme.in)) {
      invalidValue(context, joinPointer(pointer, 'in'), scheme.in, ['header', 'query', 'cookie'], 'The API key location');
    }
  }
}

/** Every scheme a security requirement names must be defined in `components.securitySchemes`. */
export function checkSecurityRequirements(context: CheckContext, security: unknown, pointer: string): void {
  if (security === undefined) return;
  if (!Array.isArray(security)) return wrongType(context, pointer, 'a list of security requirements');
  const defined =
    isObject(context.root.components) && isObject(context.root.components.securitySchemes) ? Object.keys(context.root.components.securitySchemes) : [];
  security.forEach((requirement, index) => {
    const at = joinPointer(pointer, index);
    if (!isObject(requirement)) return wrongType(context, at, 'an object of scheme names to scopes');
    for (const name in requirement) {
      if (defined.includes(name)) continue;
      const suggestions = didYouMean(name, defined);
      context.report({
        code: 'openapi/unknown-security-scheme',
        // A warning: the page is still right without it, but its playground cannot send these credentials.
        severity: 'warning',
        message: `The security scheme ${JSON.stringify(name)} is not defined in components.securitySchemes, so the playground cannot ask for it.`,
        pointer: joinPointer(at, name),
        at: 'key',
        hint: didYouMeanText(suggestions) ?? (defined.length ? `Defined schemes: ${defined.join(', ')}.` : 'Define it under components.securitySchemes.'),
        suggestions,
      });
    }
  });
}
