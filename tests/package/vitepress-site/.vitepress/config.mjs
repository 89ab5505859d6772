// VitePress as a blogger sets it up for a custom element: Vue is told that <attention-lens> is one.
export default {
  title: 'A blog',
  head: [['link', { rel: 'icon', href: 'data:,' }]], // no favicon request to 404
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'attention-lens' } } },
};
