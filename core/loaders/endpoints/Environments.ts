/** Spec 001 §3 "Endpoint config per environment": the service root, realtime hosts, and the manifest kind. */
export interface EnvironmentConfig {
  /** Root URL of the derivative service; '' is the page's own origin. */
  ROOT: string;
  /** Hosts of the live review (realtime) service. */
  LMV: { RTC: string[] };
  /** True where manifests are the bubble manifest of the derivative service. */
  bubbleManifest: boolean;
  /** The API flavour used in this environment unless one is chosen. */
  defaultApi: ApiFlavor;
}

/** Spec 001 §7: the URL shapes of the services, by flavour. */
export const API_FLAVORS = ['derivativeV2', 'modelDerivativeV2', 'fluent'] as const;
export type ApiFlavor = (typeof API_FLAVORS)[number];

/** Spec 001 §9: the default API flavour. */
export const DEFAULT_API: ApiFlavor = 'derivativeV2';

/** Spec 001 §9: the environments, and the default one. */
export const DEFAULT_ENVIRONMENT = 'AutodeskProduction';

const derivative = (root: string, rtc: string[] = []): EnvironmentConfig => ({ ROOT: root, LMV: { RTC: rtc }, bubbleManifest: true, defaultApi: 'derivativeV2' });
const fluent = (root: string): EnvironmentConfig => ({ ROOT: root, LMV: { RTC: [] }, bubbleManifest: false, defaultApi: 'fluent' });

export const ENVIRONMENTS: Readonly<Record<string, EnvironmentConfig>> = {
  Local: derivative(''),
  Development: derivative('https://viewing-dev.api.autodesk.com'),
  Staging: derivative('https://viewing-staging.api.autodesk.com'),
  Production: derivative('https://viewing.api.autodesk.com'),
  AutodeskDevelopment: derivative('https://developer-dev.api.autodesk.com'),
  AutodeskStaging: derivative('https://developer-stg.api.autodesk.com'),
  AutodeskProduction: derivative('https://developer.api.autodesk.com'),
  FluentDev: fluent('https://us.otgs-dev.autodesk.com'),
  FluentStaging: fluent('https://us.otgs-stg.autodesk.com'),
  FluentProduction: fluent('https://us.otgs.autodesk.com'),
};

/** Host names that select an environment when none is given (spec 001 §9: from option, URL param or host). */
const HOST_ENVIRONMENTS: [RegExp, string][] = [
  [/^(localhost|127\.0\.0\.1|\[::1\])$/, 'Local'],
  [/-dev\./, 'AutodeskDevelopment'],
  [/-stg\./, 'AutodeskStaging'],
];

/**
 * Spec 001 §9: the environment from the `env` option, else the page's `env` URL parameter, else the host
 * name (local hosts are Local), else the default. Unknown names fall back to the default.
 */
export function chooseEnvironment(option?: string | null, pageUrl: string = globalThis.location?.href ?? ''): string {
  const known = (name: string | null | undefined) => (name && ENVIRONMENTS[name] ? name : null);
  if (known(option)) return option!;
  let url: URL | null;
  try {
    url = new URL(pageUrl);
  } catch {
    url = null;
  }
  const fromQuery = known(url?.searchParams.get('env'));
  if (fromQuery) return fromQuery;
  const host = url?.hostname ?? '';
  for (const [pattern, name] of HOST_ENVIRONMENTS) if (pattern.test(host)) return name;
  return DEFAULT_ENVIRONMENT;
}

export function isApiFlavor(value: unknown): value is ApiFlavor {
  return typeof value === 'string' && (API_FLAVORS as readonly string[]).includes(value);
}
