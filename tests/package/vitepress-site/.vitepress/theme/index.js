// The default theme, and the element: imported as is (VitePress also runs it in Node, to render
// the pages, where it defines nothing)
import DefaultTheme from 'vitepress/theme';
import 'attention-lens/element';

export default DefaultTheme;
