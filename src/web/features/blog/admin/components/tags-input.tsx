import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { blogAdminText } from '#web/features/blog/messages.ts';

const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 30;
const t = blogAdminText.editor;

interface TagsInputProps {
  id?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/** Tags as removable chips; Enter or a comma adds what was typed, Backspace in an empty box removes the last. */
export function TagsInput({ id, value, onChange, onBlur, ...aria }: TagsInputProps) {
  const [text, setText] = useState('');

  const add = (raw: string) => {
    const tag = raw.trim().slice(0, MAX_TAG_LENGTH);
    setText('');
    if (!tag || value.includes(tag) || value.length >= MAX_TAGS) return;
    onChange([...value, tag]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="space-y-2">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-md bg-ink-50 py-0.5 pr-0.5 pl-2 text-sm text-ink-900"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(value.filter((other) => other !== tag))}
                aria-label={t.removeTag(tag)}
                className="grid size-6 place-items-center rounded text-ink-800 hover:bg-ink-100"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        value={text}
        maxLength={MAX_TAG_LENGTH}
        disabled={value.length >= MAX_TAGS}
        onChange={(event) => {
          const next = event.target.value;
          // a pasted "a, b, c" becomes three tags
          if (next.includes(',')) next.split(',').forEach(add);
          else setText(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          add(text);
          onBlur?.();
        }}
        {...aria}
      />
    </div>
  );
}
