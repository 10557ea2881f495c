import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n/i18n';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { emptyProduct, ProductForm } from './product-form';
import { addProduct, productsChanged } from './products-api';

/** /admin/add-product: a new product, with its variations, brand and categories. */
export function AddProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const save = async (body: FormData) => {
    await addProduct(body);
    await productsChanged(queryClient);
    toast.success(t('adminCatalog.form.added'));
    await navigate('/admin/products');
  };

  return <ProductForm mode="add" initial={emptyProduct()} onSave={save} />;
}
