import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

const DELAY_MS = 300;

/** A labelled search box that reports its text once typing pauses. */
export function SearchBox({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <div className="w-full sm:max-w-sm">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative mt-1.5">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          className="pl-9"
        />
      </div>
    </div>
  );
}
