import type { IndexedPage, SectionMatch, SiteIndexStore } from './store.js';
import type { SqlClient, SqlValue } from './sql-client.js';

/** Rows per INSERT of sections: 10 parameters each stays far below PostgreSQL's 65535. */
const INSERT_BATCH = 500;

/**
 * Words too common to rank by, left out of the assistant's any-word queries (the search route
 * asks for every word and keeps them): English, the language most questions come in; a site in
 * another language still matches on its own words.
 */
const COMMON_WORDS = new Set(
  'a an and are as at be by can could do does for from how i if in is it me my of on or should so that the this to use using what when where which who why will with would you your'.split(
    ' ',
  ),
);

/**
 * The words of a query as `simple` lexemes for `to_tsquery`: letters and digits only (nothing a
 * user types can be read as tsquery syntax), lower-case, each once; the common words left out
 * when `dropCommon` (unless nothing else is left).
 */
export function queryWords(query: string, dropCommon: boolean): string[] {
  const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter((word) => word.length < 100);
  const kept = dropCommon ? words.filter((word) => !COMMON_WORDS.has(word)) : words;
  return (kept.length > 0 ? kept : words).slice(0, 32);
}

/** The site index on PostgreSQL (`site_pages`, `site_sections`; migration 3). */
export function createSqlSiteIndex(client: SqlClient): SiteIndexStore {
  return {
    async replace(projectId, pages, instructions) {
      await client.transaction(async (transaction) => {
        await transaction.query('DELETE FROM site_sections WHERE project_id = $1', [projectId]);
        await transaction.query('DELETE FROM site_pages WHERE project_id = $1', [projectId]);
        await transaction.query('DELETE FROM site_instructions WHERE project_id = $1', [projectId]);
        if (instructions !== undefined && instructions.trim() !== '') {
          await transaction.query('INSERT INTO site_instructions (project_id, instructions) VALUES ($1, $2)', [projectId, instructions]);
        }
        const unique = new Map<string, IndexedPage>();
        for (const page of pages) if (!unique.has(page.path)) unique.set(page.path, page);
        const all = [...unique.values()];
        for (let start = 0; start < all.length; start += INSERT_BATCH) {
          const params: SqlValue[] = [];
          const tuples = all.slice(start, start + INSERT_BATCH).map((page) => {
            const first = params.length;
            params.push(projectId, page.path, page.title, page.version ?? null, page.language ?? null, page.markdown);
            return `($${first + 1}, $${first + 2}, $${first + 3}, $${first + 4}, $${first + 5}, $${first + 6})`;
          });
          await transaction.query(`INSERT INTO site_pages (project_id, path, title, version, language, markdown) VALUES ${tuples.join(', ')}`, params);
        }
        const sections = all.flatMap((page) => page.sections.map((section, position) => ({ page, section, position })));
        for (let start = 0; start < sections.length; start += INSERT_BATCH) {
          const params: SqlValue[] = [];
          const tuples = sections.slice(start, start + INSERT_BATCH).map(({ page, section, position }) => {
            const first = params.length;
            // The page's description counts with its first section (the text under the title).
            const described = position === 0 && page.description ? `${page.title} ${page.description}` : page.title;
            params.push(
              projectId,
              page.path,
              position,
              section.anchor ?? null,
              page.title,
              section.heading ?? null,
              section.text,
              page.version ?? null,
              page.language ?? null,
              described,
            );
            const at = (n: number) => `$${first + n}`;
            // The title (and description) weigh most, then the heading, then the text. PostgreSQL's
            // parser reads `<key>` as an HTML tag and drops it: the angle brackets are spaces here.
            const words = (sql: string) => `to_tsvector('simple', translate(${sql}, '<>', '  '))`;
            return `(${at(1)}, ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}, ${at(6)}, ${at(7)}, ${at(8)}, ${at(9)},
              setweight(${words(at(10))}, 'A') || setweight(${words(`coalesce(${at(6)}, '')`)}, 'B') || setweight(${words(at(7))}, 'C'))`;
          });
          await transaction.query(
            `INSERT INTO site_sections (project_id, path, position, anchor, title, heading, content, version, language, search) VALUES ${tuples.join(', ')}`,
            params,
          );
        }
      });
      // PGlite runs no autovacuum: fresh statistics let the planner use the text index.
      await client.query('ANALYZE site_sections');
    },

    async search({ projectId, query, limit, match, version, language }) {
      const words = queryWords(query, match === 'any');
      if (words.length === 0) return [];
      const text = words.join(match === 'all' ? ' & ' : ' | ');
      // Any word: the sections that hold more of the question's words first (a long page that
      // repeats one word does not outrank the short one that has them all), then PostgreSQL's
      // cover density, divided by the log of the section's length.
      const params: SqlValue[] = [projectId, text, version ?? null, language ?? null, limit];
      const matched = words.map((word) => {
        params.push(word);
        return `(search @@ to_tsquery('simple', $${params.length}))::int`;
      });
      const rows = await client.query<{
        path: string;
        anchor: string | null;
        title: string;
        heading: string | null;
        content: string;
        version: string | null;
        language: string | null;
        score: number;
      }>(
        `SELECT path, anchor, title, heading, content, version, language, (${matched.join(' + ')} + ts_rank_cd(search, query, 1))::float8 AS score
         FROM site_sections, to_tsquery('simple', $2) AS query
         WHERE project_id = $1 AND search @@ query
           AND ($3::text IS NULL OR version = $3) AND ($4::text IS NULL OR language = $4)
         ORDER BY score DESC, path, position
         LIMIT $5`,
        params,
      );
      return rows.map((row): SectionMatch => ({
        path: row.anchor ? `${row.path}#${row.anchor}` : row.path,
        title: row.title,
        heading: row.heading,
        content: row.content,
        version: row.version,
        language: row.language,
        score: Number(row.score),
      }));
    },

    async page(projectId, path) {
      const wanted = `/${path
        .trim()
        .replace(/^https?:\/\/[^/]+/i, '')
        .replace(/[#?].*$/s, '')
        .replace(/^\/+|\/+$/g, '')
        .replace(/\.mdx?$/i, '')}`;
      // The home page is `/`; `index` names it too.
      const rows = await client.query<{ path: string; title: string; markdown: string }>(
        'SELECT path, title, markdown FROM site_pages WHERE project_id = $1 AND (path = $2 OR path = $3) ORDER BY path DESC LIMIT 1',
        [projectId, wanted, wanted === '/index' ? '/' : wanted],
      );
      return rows[0];
    },

    async instructions(projectId) {
      const rows = await client.query<{ instructions: string }>('SELECT instructions FROM site_instructions WHERE project_id = $1', [projectId]);
      return rows[0]?.instructions;
    },

    async count(projectId) {
      const rows = await client.query<{ count: string | number }>('SELECT count(*) AS count FROM site_pages WHERE project_id = $1', [projectId]);
      return Number(rows[0]?.count ?? 0);
    },
  };
}
