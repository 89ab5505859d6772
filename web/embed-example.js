// The embed example's copy buttons: each code block has one (written by scripts/build-page.mjs),
// which copies the block's text and says so in its own words (a live region for screen readers);
// and its form that makes a snippet (embed-form.js). Bundled by scripts/build-page.mjs.
import { startSnippetForm } from './embed-form.js';

const form = document.querySelector('.snippet-form');
if (form) startSnippetForm(form);

for (const button of document.querySelectorAll('.code-block button.copy')) {
  const code = button.closest('.code-block').querySelector('code');
  const status = button.nextElementSibling; // <span class="copied" aria-live="polite">
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent);
      status.textContent = 'Copied';
    } catch {
      // no clipboard (an insecure origin, or refused): select the code so that Ctrl+C copies it
      getSelection().selectAllChildren(code);
      status.textContent = 'Selected: press Ctrl+C (⌘C) to copy';
    }
  });
}
