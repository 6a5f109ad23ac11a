/** The CDN build: res/ sits beside the script, found from its URL (defaultResourceRoot); no index. */
export const BUNDLED_RESOURCES: Readonly<Record<string, string>> | null = null;
