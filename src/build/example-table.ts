import type { EndpointPage, ExampleModel, MediaTypeModel } from '../openapi/types.js';
import type { CompiledSharedExamples } from './types.js';

/** What a parameter or media type writes of its examples: those in place, and where the whole list is. */
type CompiledExamples = { examples: ExampleModel[] } & CompiledSharedExamples;

/**
 * Lists of examples that several pages of a document show, written once in the document's table.
 * Azure's descriptions give a path parameter shared by 160 operations one example per operation
 * (15 KB), and every page repeated them all: 14 times the description. A renderer draws the first
 * example at the top of a page (the playground's value, the selected example) and the others on
 * demand, so a list shown on several pages, whose copies would pass the inline budget, keeps
 * its first example in place (when that one fits the budgets) and is written whole once in the
 * table. A list seen on one page stays in place.
 */
export class ExampleTable {
  /** The serialised form of each list, by list: models share lists, equal lists compare by it. */
  private readonly keys = new WeakMap<ExampleModel[], string>();
  /** Pages that show each list (by serialised form), counted before any page is written. */
  private readonly uses = new Map<string, number>();
  private readonly index = new Map<string, number>();
  private readonly lists: ExampleModel[][] = [];

  /**
   * `inline`: most characters the first example may take on a page; `shared`: most its copies may
   * take across the pages of the document (the schemas' budgets at level 0).
   */
  constructor(private readonly budget: { inline: number; shared: number }) {}

  /** Counts the lists of examples `page` shows; every page is counted before the first is written. */
  count(page: EndpointPage): void {
    const shown = new Set<string>();
    const parameters = [
      ...page.parameters.path,
      ...page.parameters.query,
      ...page.parameters.header,
      ...page.parameters.cookie,
      ...page.responses.flatMap((response) => response.headers),
    ];
    for (const holder of [...parameters, ...(page.requestBody?.content ?? []), ...page.responses.flatMap((response) => response.content)]) {
      if (holder.examples.length) shown.add(this.key(holder.examples));
    }
    for (const key of shown) this.uses.set(key, (this.uses.get(key) ?? 0) + 1);
  }

  /** The examples a page writes in place, and the index of the whole list in the table when it is shared. */
  compile(list: ExampleModel[]): CompiledExamples {
    if (list.length === 0) return { examples: list };
    const key = this.key(list);
    const copies = this.uses.get(key) ?? 1;
    const first = list.slice(0, 1);
    const size = list.length === 1 ? key.length : JSON.stringify(first).length;
    const firstFits = size <= this.budget.inline && size * copies <= this.budget.shared;
    // Written in place unless repeating it costs more than a page may hold of one example: a
    // short list on a few pages is read without the table.
    const repeated = (copies - 1) * key.length > this.budget.inline;
    if (copies < 2 || (firstFits && (list.length === 1 || !repeated))) return { examples: list };
    let index = this.index.get(key);
    if (index === undefined) {
      index = this.lists.push(list) - 1;
      this.index.set(key, index);
    }
    return { examples: firstFits ? first : [], sharedExamples: index };
  }

  /**
   * Whether two media types of one body or response are drawn alike: the same schema and the same
   * examples. Google's upload endpoints list one body under 360 media types.
   */
  same(a: MediaTypeModel, b: MediaTypeModel): boolean {
    return a.schema === b.schema && (a.examples === b.examples || this.key(a.examples) === this.key(b.examples));
  }

  /** Every shared list, in the order pages first wrote them. */
  table(): ExampleModel[][] {
    return this.lists;
  }

  private key(list: ExampleModel[]): string {
    let key = this.keys.get(list);
    if (key === undefined) this.keys.set(list, (key = JSON.stringify(list)));
    return key;
  }
}
