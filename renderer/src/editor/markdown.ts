/**
 * Markdown preview: marked for the HTML, DOMPurify to make it safe. Remote
 * resources are dropped so a preview never makes a request off the machine;
 * links open outside the studio.
 */
import { marked } from 'marked';
import DOMPurify from 'dompurify';
import { splitFrontmatter } from '../../../shared/check/frontmatter';

let hooked = false;

function isLocalUrl(url: string): boolean {
  return /^(data:image\/|#)/i.test(url.trim());
}

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    if (
      (data.attrName === 'src' || data.attrName === 'srcset' || data.attrName === 'poster') &&
      !isLocalUrl(data.attrValue)
    ) {
      // Relative paths cannot resolve in a preview and remote ones would leave the machine.
      node.setAttribute('data-blocked-src', data.attrValue);
      data.keepAttr = false;
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * The Markdown body (without frontmatter for SKILL.md) as safe HTML. `alsoForbid`
 * takes more tags out (untrusted output shows no media at all).
 */
export function renderMarkdown(
  text: string,
  stripFrontmatter: boolean,
  alsoForbid: readonly string[] = [],
): string {
  installHooks();
  const body = stripFrontmatter ? splitFrontmatter(text).body : text;
  const html = marked.parse(body, { async: false, gfm: true }) as string;
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'iframe', 'object', 'embed', 'form', ...alsoForbid],
    FORBID_ATTR: ['style'],
  });
}
