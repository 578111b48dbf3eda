/**
 * Other spellings of `/<prefix>/<rest>` that a path normaliser might take for the same file
 * (issue 35): doubled and dot segments, `..` detours, encoded slashes and dots, case, a trailing
 * slash, double encoding, backslashes, `;` and `#`, a leading `//`, encoded letters. A guard that
 * checks the path as written and a file server that normalises it afterwards disagree on these.
 */
export function pathSpellings(prefix: string, rest: string): string[] {
  const parts = rest.split('/');
  const first = parts[0] ?? '';
  const file = parts[parts.length - 1] ?? '';
  const dir = parts.slice(0, -1).join('/');
  const enc = (text: string, map: Record<string, string>) =>
    text.replace(/[/.]/g, (c) => map[c] ?? c);
  return [
    `/${prefix}//${rest}`,
    `//${prefix}/${rest}`,
    `/${prefix}/./${rest}`,
    `/${prefix}/${dir}//${file}`,
    `/${prefix}/${dir}/./${file}`,
    `/${prefix}/${first}/../${rest}`,
    `/${prefix}/x/../${rest}`,
    `/${prefix}/%2e/${rest}`,
    `/${prefix}/%2E%2E/${prefix}/${rest}`,
    `/${prefix}/${dir}/%2e%2e/${parts.slice(-2).join('/')}`,
    `/${prefix}%2F${enc(rest, { '/': '%2F' })}`,
    `/${prefix}/${enc(rest, { '/': '%2f' })}`,
    `/${prefix}/${dir}/${enc(file, { '.': '%2e' })}`,
    `/${prefix}/${dir}/${file.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    `/${prefix.toUpperCase()}/${rest}`,
    `/${prefix[0]?.toUpperCase()}${prefix.slice(1)}/${first.toUpperCase()}/${parts.slice(1).join('/')}`,
    `/${prefix}/${dir}/${file.toUpperCase()}`,
    `/${prefix}/${rest}/`,
    `/${prefix}/${rest}/.`,
    `/${prefix}/%252e/${rest}`,
    `/${prefix}%252F${enc(rest, { '/': '%252F' })}`,
    `/${prefix}/${dir}/%252e%252e/${parts.slice(-2).join('/')}`,
    `/${prefix}/${enc(rest, { '/': '%252F' })}`,
    `/${prefix}/${dir}/${enc(file, { '.': '%252e' })}`,
    `/${prefix}\\${rest.replaceAll('/', '\\')}`,
    `/${prefix}/${dir}%5C${file}`,
    `/${prefix}/${rest};x`,
    `/${prefix}/${rest};.webp`,
    `/${prefix};/${rest}`,
    `/${prefix}/${rest}%00`,
    `/${prefix}/${rest}?`,
    `/${prefix}/${rest}?exp=9999999999&sig=forged`,
  ];
}
