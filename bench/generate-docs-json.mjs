// Generates the benchmark site: 5 languages x 4 versions x 5 tabs x 20 groups x 20 pages = 40,000
// pages, with a nested group in every group. Valid for Quire and for @mintlify/validation.
export function generateDocsJson() {
  const languages = ['en', 'fr', 'de', 'es', 'ja'];
  return {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Benchmark',
    colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
    navigation: {
      languages: languages.map((language, l) => ({
        language,
        ...(l === 0 ? { default: true } : {}),
        versions: Array.from({ length: 4 }, (_, v) => ({
          version: `v${4 - v}`,
          ...(v === 0 ? { default: true } : {}),
          tabs: Array.from({ length: 5 }, (_, t) => ({
            tab: `Tab ${t + 1}`,
            icon: 'book-open',
            groups: Array.from({ length: 20 }, (_, g) => {
              const base = `${language}/v${4 - v}/tab-${t + 1}/group-${g + 1}`;
              const pages = Array.from({ length: 20 }, (_, p) => `${base}/page-${p + 1}`);
              return {
                group: `Group ${g + 1}`,
                icon: 'folder',
                pages: [...pages.slice(0, 15), { group: `Nested ${g + 1}`, expanded: false, pages: pages.slice(15) }],
              };
            }),
          })),
        })),
      })),
    },
  };
}

export function countPages(value) {
  if (typeof value === 'string') return 1;
  if (Array.isArray(value)) return value.reduce((sum, item) => sum + countPages(item), 0);
  if (value && typeof value === 'object')
    return Object.entries(value).reduce((sum, [key, item]) => sum + (key === 'pages' || typeof item === 'object' ? countPages(item) : 0), 0);
  return 0;
}
