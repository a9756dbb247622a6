/**
 * The skill templates' names (resources/templates/<name>/), apart from the code that
 * fills them in (skill-templates.ts, which loads the validator): the CLI's help lists
 * them, and every command's start would otherwise load the validator too.
 */
import type { TemplateName } from '../../shared/api/studio-api';

export const TEMPLATE_NAMES: readonly TemplateName[] = ['basic', 'script', 'topology'];
