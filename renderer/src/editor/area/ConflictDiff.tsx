/** Side by side: what is on disk now (left) and the unsaved text (right). */
import MonacoDiff from './MonacoDiff';

interface Props {
  path: string;
  theirs: string;
  mine: string;
  theme: 'dark' | 'light';
}

const LABELS = ['On disk (theirs)', 'Your unsaved text (mine)'] as const;

export default function ConflictDiff({ path, theirs, mine, theme }: Props) {
  return (
    <MonacoDiff
      path={path}
      original={theirs}
      modified={mine}
      labels={LABELS}
      theme={theme}
      className="conflict-diff"
      testId="conflict-diff"
    />
  );
}
