import { useState, type ReactNode } from 'react';
import { useLocalName } from '../../lib/names';
import { useTranslation } from '../../lib/i18n/i18n';
import { NavLink, useMatch } from 'react-router';
import { ChevronIcon } from '../../components/icons';
import { type Category, useCategories } from './use-categories';

/**
 * The three-level category tree. Only one child group and one grandchild group are open at a time.
 * `onChoose` runs after an entry is picked (the phone menu closes itself with it).
 */
export function CategoryMenu({ onChoose }: { onChoose?: () => void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [openParent, setOpenParent] = useState<number | null>(null);
  const [openChild, setOpenChild] = useState<number | null>(null);

  // Arriving on a category page (a link, a reload) opens the groups down to that category, once;
  // the shopper's own clicks decide after that.
  const match = useMatch('/category/:id');
  const activeId = match ? Number(match.params.id) : null;
  const [expandedFor, setExpandedFor] = useState<number | null>(null);
  if (activeId !== null && activeId !== expandedFor && categories.length > 0) {
    setExpandedFor(activeId);
    const path = pathTo(categories, activeId);
    if (path) {
      setOpenParent(path[0] ?? null);
      setOpenChild(path[1] ?? null);
    }
  }

  if (categories.length === 0) return null;

  const toggleParent = (id: number) => {
    setOpenParent((current) => (current === id ? null : id));
    setOpenChild(null);
  };
  const toggleChild = (id: number) => setOpenChild((current) => (current === id ? null : id));

  return (
    <nav aria-label={t('layout.categories')}>
      <ul className="category-menu list-unstyled mb-0">
        {categories.map((parent) => (
          <MenuEntry
            key={parent.id}
            category={parent}
            level={1}
            open={openParent === parent.id}
            onToggle={toggleParent}
            onChoose={onChoose}
          >
            {parent.parents.map((child) => (
              <MenuEntry
                key={child.id}
                category={child}
                level={2}
                open={openChild === child.id}
                onToggle={toggleChild}
                onChoose={onChoose}
              >
                {child.parents.map((grandchild) => (
                  <MenuEntry key={grandchild.id} category={grandchild} level={3} onChoose={onChoose} />
                ))}
              </MenuEntry>
            ))}
          </MenuEntry>
        ))}
      </ul>
    </nav>
  );
}

/** The ids from the top level down to the category with `id`, or null when it is not in the tree. */
function pathTo(categories: Category[], id: number): number[] | null {
  for (const category of categories) {
    if (category.id === id) return [id];
    const below = pathTo(category.parents, id);
    if (below) return [category.id, ...below];
  }
  return null;
}

interface MenuEntryProps {
  category: Category;
  level: 1 | 2 | 3;
  open?: boolean;
  onToggle?: (id: number) => void;
  onChoose?: (() => void) | undefined;
  children?: ReactNode;
}

function MenuEntry({ category, level, open = false, onToggle, onChoose, children }: MenuEntryProps) {
  const { t } = useTranslation();
  const local = useLocalName();
  const title = local(category.title, category.title_bn);
  const hasChildren = level < 3 && category.parents.length > 0;
  const groupId = `category-group-${category.id}`;
  return (
    <li className={`category-level-${level}`}>
      <div className="d-flex align-items-stretch">
        <NavLink to={`/category/${category.id}`} className="category-link flex-grow-1" onClick={onChoose}>
          {title}
        </NavLink>
        {hasChildren && onToggle && (
          <button
            type="button"
            className="btn btn-sm category-toggle"
            aria-expanded={open}
            aria-controls={groupId}
            aria-label={t(open ? 'categoryMenu.collapse' : 'categoryMenu.expand', { title })}
            onClick={() => onToggle(category.id)}
          >
            <ChevronIcon open={open} size={16} />
          </button>
        )}
      </div>
      {hasChildren && open && (
        <ul id={groupId} className="list-unstyled mb-0">
          {children}
        </ul>
      )}
    </li>
  );
}
