/** So callers reuse the paths the server registers instead of retyping them. */
export function pathFor(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}
