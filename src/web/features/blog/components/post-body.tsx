import { Fragment } from 'react';
import { bodyBlocks } from '#web/features/blog/lib/format.ts';

/** The post's text, always as React text children (never HTML): one paragraph per line, a break per empty line. */
export function PostBody({ content }: { content: string }) {
  return (
    <div className="text-lg leading-8 text-slate-800" data-testid="post-body">
      {bodyBlocks(content).map((block, index) => (
        <Fragment key={index}>
          {block.kind === 'paragraph' ? <p className="mb-2 wrap-anywhere">{block.text}</p> : <br />}
        </Fragment>
      ))}
    </div>
  );
}
