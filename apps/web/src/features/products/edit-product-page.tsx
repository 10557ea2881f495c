import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { PageSpinner } from '../../components/page-spinner';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ProductForm, productToValues } from './product-form';
import { editProduct, fetchProduct, PRODUCTS_KEY, productKey } from './products-api';

/** /admin/edit-product/{id}: the product form filled from GET /api/product/{id}. */
export function EditProductPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const product = useQuery({
    queryKey: productKey(id),
    queryFn: () => fetchProduct(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });

  if (!Number.isInteger(id) || id <= 0 || isApiError(product.error, 404)) {
    return (
      <div className="card shadow-sm admin-form-card">
        <div className="card-body">
          <p className="mb-2">{t('adminCatalog.form.notFound')}</p>
          <Link to="/admin/products">{t('adminCatalog.form.back')}</Link>
        </div>
      </div>
    );
  }
  if (product.isPending) return <PageSpinner />;
  if (product.isError) return <LoadFailed onRetry={() => void product.refetch()} />;

  const save = async (body: FormData) => {
    const saved = await editProduct(id, body);
    queryClient.setQueryData(productKey(id), saved);
    await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
    toast.success(t('adminCatalog.form.updated'));
    await navigate('/admin/products');
  };

  return (
    <ProductForm
      key={id}
      mode="edit"
      initial={productToValues(product.data)}
      currentImage={product.data.image_large ?? product.data.image}
      onSave={save}
    />
  );
}
