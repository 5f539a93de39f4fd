import type { Node } from 'jsonc-parser';

/**
 * Removes one property (a `property` node) from its object, taking exactly one separating comma
 * with it and nothing else: the next property inherits the removed one's position and
 * indentation, so the rest of the file keeps its layout (jsonc-parser's own removal of a first
 * property swallows the line break and indentation that follow the brace).
 */
export function removeJsonProperty(text: string, object: Node, property: Node): string {
  const siblings = object.children ?? [];
  const index = siblings.indexOf(property);
  const next = siblings[index + 1];
  const previous = siblings[index - 1];
  if (next) return text.slice(0, property.offset) + text.slice(next.offset);
  if (previous) {
    return (
      text.slice(0, previous.offset + previous.length) +
      text.slice(property.offset + property.length)
    );
  }
  // The only property: leave the braces, drop what was between them.
  return text.slice(0, object.offset + 1) + text.slice(object.offset + object.length - 1);
}
