import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A REST call the scripted GitHub received. */
export interface GitHubCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

interface FileEntry {
  mode: string;
  content: string;
}

/**
 * A stand-in for the GitHub REST API on 127.0.0.1, just large enough for the Git host: refs,
 * commits, recursive trees, blobs, tree and commit creation, fast-forward ref updates and pull
 * requests. It checks the token and the API headers on every call and records the calls.
 */
export async function startScriptedGitHub(options: { token: string; owner: string; repo: string; files: Record<string, string | FileEntry> }) {
  const sha = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('hex');
  const trees = new Map<string, Map<string, FileEntry>>();
  const commits = new Map<string, { tree: string; parents: string[]; message: string }>();
  const blobs = new Map<string, string>();
  const refs = new Map<string, string>();
  const pulls: {
    number: number;
    html_url: string;
    draft: boolean;
    title: string;
    body: string;
    head: { ref: string };
    base: { ref: string };
    state: string;
  }[] = [];
  const calls: GitHubCall[] = [];

  const storeTree = (files: Map<string, FileEntry>) => {
    const sorted = [...files].sort(([a], [b]) => (a < b ? -1 : 1));
    const treeSha = sha(sorted);
    trees.set(treeSha, new Map(sorted));
    for (const [, entry] of sorted) blobs.set(sha(entry.content), entry.content);
    return treeSha;
  };
  const initial = new Map(Object.entries(options.files).map(([path, value]) => [path, typeof value === 'string' ? { mode: '100644', content: value } : value]));
  const rootTree = storeTree(initial);
  const rootCommit = sha({ tree: rootTree, message: 'initial' });
  commits.set(rootCommit, { tree: rootTree, parents: [], message: 'initial' });
  refs.set('main', rootCommit);

  const listing = (files: Map<string, FileEntry>) => {
    const folders = new Set<string>();
    for (const path of files.keys()) {
      const parts = path.split('/');
      for (let i = 1; i < parts.length; i += 1) folders.add(parts.slice(0, i).join('/'));
    }
    return [
      ...[...folders].map((path) => ({ path, mode: '040000', type: 'tree', sha: sha(path) })),
      ...[...files].map(([path, entry]) => ({ path, mode: entry.mode, type: 'blob', sha: sha(entry.content), size: Buffer.byteLength(entry.content) })),
    ];
  };

  const repo = `/repos/${options.owner}/${options.repo}`;
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      const url = new URL(incoming.url!, 'http://127.0.0.1');
      const method = incoming.method!;
      calls.push({ method, path: url.pathname + url.search, body, headers: incoming.headers });
      const send = (status: number, value: unknown) => {
        outgoing.writeHead(status, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify(value));
      };
      if (incoming.headers.authorization !== `Bearer ${options.token}`) return send(401, { message: 'Bad credentials' });
      if (incoming.headers.accept !== 'application/vnd.github+json' || incoming.headers['x-github-api-version'] !== '2022-11-28') {
        return send(400, { message: 'Missing API headers' });
      }
      const path = url.pathname;
      let match: RegExpExecArray | null;
      if (method === 'GET' && path === repo) return send(200, { default_branch: 'main' });
      if ((match = /^\/git\/ref\/heads\/(.+)$/.exec(path.slice(repo.length))) && method === 'GET') {
        const target = refs.get(decodeURIComponent(match[1]!));
        return target ? send(200, { object: { sha: target } }) : send(404, { message: 'Not Found' });
      }
      if (method === 'POST' && path === `${repo}/git/refs`) {
        const name = String(body!.ref).replace(/^refs\/heads\//, '');
        if (refs.has(name)) return send(422, { message: 'Reference already exists' });
        refs.set(name, String(body!.sha));
        return send(201, { ref: body!.ref, object: { sha: body!.sha } });
      }
      if ((match = /^\/git\/refs\/heads\/(.+)$/.exec(path.slice(repo.length))) && method === 'DELETE') {
        const name = decodeURIComponent(match[1]!);
        if (!refs.delete(name)) return send(422, { message: 'Reference does not exist' });
        return send(204, undefined);
      }
      if ((match = /^\/git\/refs\/heads\/(.+)$/.exec(path.slice(repo.length))) && method === 'PATCH') {
        const name = decodeURIComponent(match[1]!);
        const next = commits.get(String(body!.sha));
        if (!next || !next.parents.includes(refs.get(name)!)) return send(422, { message: 'Update is not a fast forward' });
        refs.set(name, String(body!.sha));
        return send(200, { object: { sha: body!.sha } });
      }
      if ((match = /^\/git\/commits\/([0-9a-f]+)$/.exec(path.slice(repo.length))) && method === 'GET') {
        const commit = commits.get(match[1]!);
        return commit ? send(200, { sha: match[1], tree: { sha: commit.tree }, message: commit.message }) : send(404, { message: 'Not Found' });
      }
      if ((match = /^\/git\/trees\/([0-9a-f]+)$/.exec(path.slice(repo.length))) && method === 'GET') {
        const tree = trees.get(match[1]!);
        return tree ? send(200, { sha: match[1], tree: listing(tree), truncated: false }) : send(404, { message: 'Not Found' });
      }
      if ((match = /^\/git\/blobs\/([0-9a-f]+)$/.exec(path.slice(repo.length))) && method === 'GET') {
        const content = blobs.get(match[1]!);
        return content === undefined
          ? send(404, { message: 'Not Found' })
          : send(200, { sha: match[1], encoding: 'base64', content: Buffer.from(content).toString('base64') });
      }
      if (method === 'POST' && path === `${repo}/git/trees`) {
        const base = trees.get(String(body!.base_tree));
        if (!base) return send(422, { message: 'Invalid base_tree' });
        const next = new Map(base);
        for (const entry of body!.tree as { path: string; mode: string; content: string }[]) next.set(entry.path, { mode: entry.mode, content: entry.content });
        return send(201, { sha: storeTree(next) });
      }
      if (method === 'POST' && path === `${repo}/git/commits`) {
        const commit = { tree: String(body!.tree), parents: body!.parents as string[], message: String(body!.message) };
        const commitSha = sha({ ...commit, at: commits.size });
        commits.set(commitSha, commit);
        return send(201, { sha: commitSha });
      }
      if (method === 'GET' && path === `${repo}/pulls`) {
        const head = url.searchParams.get('head')!.replace(`${options.owner}:`, '');
        return send(
          200,
          pulls.filter((pull) => pull.head.ref === head && pull.base.ref === url.searchParams.get('base') && pull.state === 'open'),
        );
      }
      if (method === 'POST' && path === `${repo}/pulls`) {
        const number = pulls.length + 1;
        const pull = {
          number,
          html_url: `https://github.example/${options.owner}/${options.repo}/pull/${number}`,
          draft: body!.draft === true,
          title: String(body!.title),
          body: String(body!.body),
          head: { ref: String(body!.head) },
          base: { ref: String(body!.base) },
          state: 'open',
        };
        pulls.push(pull);
        return send(201, pull);
      }
      return send(404, { message: `No route ${method} ${path}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    refs,
    pulls,
    /** The files of a branch's head commit. */
    filesAt(branch: string): Map<string, FileEntry> {
      return trees.get(commits.get(refs.get(branch)!)!.tree)!;
    },
    parentOf(branch: string): string[] {
      return commits.get(refs.get(branch)!)!.parents;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
